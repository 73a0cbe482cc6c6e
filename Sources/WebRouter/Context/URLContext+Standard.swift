public import Foundation
import WebRouterHTML

extension Int: URLContext {
    /// `1`, for example links.
    public static var urlExample: Int { 1 }
    /// Accepts the canonical decimal form only (`7`, `-3`; not `+7`, `07` or ` 7`), so that
    /// every URL has exactly one spelling.
    public init?(pathSegments: ArraySlice<String>) {
        guard let text = pathSegments.first, let value = Int(text), String(value) == text else { return nil }
        self = value
    }
    public func appendPathSegments(to segments: inout [String]) { segments.append(String(self)) }
    public var _onlyPathSegment: String? { String(self) }
}

extension Int64: URLContext {
    /// `1`, for example links.
    public static var urlExample: Int64 { 1 }
    public init?(pathSegments: ArraySlice<String>) {
        guard let text = pathSegments.first, let value = Int64(text), String(value) == text else { return nil }
        self = value
    }
    public func appendPathSegments(to segments: inout [String]) { segments.append(String(self)) }
    public var _onlyPathSegment: String? { String(self) }
}

extension String: URLContext {
    /// `"example"`, for example links.
    public static var urlExample: String { "example" }
    /// Any non-empty string; `/`, `?`, `~` and the rest are percent-encoded in the URL.
    public init?(pathSegments: ArraySlice<String>) {
        guard let text = pathSegments.first, !text.isEmpty else { return nil }
        self = text
    }
    public func appendPathSegments(to segments: inout [String]) { segments.append(self) }
    public var _onlyPathSegment: String? { self }
}

extension Bool: URLContext {
    /// `true`, for example links.
    public static var urlExample: Bool { true }
    /// `true` or `false`.
    public init?(pathSegments: ArraySlice<String>) {
        switch pathSegments.first {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }
    public func appendPathSegments(to segments: inout [String]) { segments.append(self ? "true" : "false") }
    public var _onlyPathSegment: String? { self ? "true" : "false" }
}

extension UUID: URLContext {
    /// `00000000-0000-4000-8000-000000000001`, for example links.
    public static var urlExample: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)) }
    /// The lowercase canonical form; uppercase input is accepted and printed lowercase.
    public init?(pathSegments: ArraySlice<String>) {
        guard let text = pathSegments.first, let value = UUID(uuidString: text) else { return nil }
        self = value
    }
    public func appendPathSegments(to segments: inout [String]) { segments.append(uuidString.lowercased()) }
    public var _onlyPathSegment: String? { uuidString.lowercased() }
}
