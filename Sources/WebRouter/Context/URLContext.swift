import WebRouterHTML
/// A value that travels in the URL path as one or more segments: the context a screen
/// needs to render (a match id, a username, a date).
///
/// `Int`, `String`, `UUID`, `Bool` and `Int64` conform out of the box. An enum with a
/// raw value that is itself a `URLContext` conforms by declaring it:
/// ```swift
/// enum Section: String, URLContext, CaseIterable { case overview, lineups, stats }
/// ```
/// A struct may span several segments:
/// ```swift
/// struct Day: URLContext {
///     var year, month, day: Int
///     static let pathSegmentCount = 3
///     static let urlExample = Day(year: 2026, month: 11, day: 21)
///     init?(pathSegments s: ArraySlice<String>) {
///         guard let y = Int(s[s.startIndex]), let m = Int(s[s.startIndex + 1]),
///               let d = Int(s[s.startIndex + 2]) else { return nil }
///         (year, month, day) = (y, m, d)
///     }
///     func appendPathSegments(to segments: inout [String]) {
///         segments += [String(year), String(month), String(day)]
///     }
/// }
/// ```
/// Decoding must be the inverse of encoding: the router relies on
/// `Self(pathSegments: encoded) == self` for every value (the round-trip law).
/// A segment that does not decode makes the URL a `404`. Decoding must depend on the segments
/// alone, never on stored data (whether id 12 still exists is the screen's question, answered
/// in its body): the application remembers what each URL decodes to.
public protocol URLContext: _URLContextMachinery {
    /// How many path segments a value spans; 1 unless overridden.
    static var pathSegmentCount: Int { get }
    /// A value used to print example links (the storyboard map, `webapp routes`).
    static var urlExample: Self { get }
    /// Decodes a value from exactly `pathSegmentCount` percent-decoded segments.
    init?(pathSegments: ArraySlice<String>)
    /// Appends exactly `pathSegmentCount` segments (not yet percent-encoded).
    func appendPathSegments(to segments: inout [String])}

/// Framework machinery of ``URLContext``, implemented for every conforming type by an
/// extension of `URLContext` (underscored, so documentation and completion hide it).
///
/// Requirements rather than generic functions so that each conformance carries a copy
/// specialised for its type: parsing a URL and printing a link then run no generic code
/// that looks up type metadata or casts existentials at runtime.
public protocol _URLContextMachinery: Sendable {
    /// The route table's decoder: decodes `segments` and writes the value's canonical
    /// segments to `canonical` (emptied first).
    static func _decodeForRoute(_ segments: ArraySlice<String>, canonical: inout [String]) -> (any Sendable)?
    /// The value's path segment when it spans exactly one, else `nil`: typed links, inlined
    /// into the app's code, print a context with it without building an array.
    var _onlyPathSegment: String? { get }
}

extension URLContext {
    public static var pathSegmentCount: Int { 1 }

    @inlinable
    public static func _decodeForRoute(_ segments: ArraySlice<String>, canonical: inout [String]) -> (any Sendable)? {
        guard let value = Self(pathSegments: segments) else { return nil }
        canonical.removeAll(keepingCapacity: true)
        value.appendPathSegments(to: &canonical)
        return value
    }

    @inlinable
    public var _onlyPathSegment: String? {
        guard Self.pathSegmentCount == 1 else { return nil }
        var segments: [String] = []
        appendPathSegments(to: &segments)
        return segments.count == 1 ? segments[0] : nil
    }
}

/// Conformance for free for enums (and other raw-representable types) whose raw value
/// is a `URLContext`: declare `extension MyEnum: URLContext {}`.
extension URLContext where Self: RawRepresentable, RawValue: URLContext {
    public static var pathSegmentCount: Int { RawValue.pathSegmentCount }
    public init?(pathSegments: ArraySlice<String>) {
        guard let raw = RawValue(pathSegments: pathSegments) else { return nil }
        self.init(rawValue: raw)
    }
    public func appendPathSegments(to segments: inout [String]) {
        rawValue.appendPathSegments(to: &segments)
    }
    public var _onlyPathSegment: String? { rawValue._onlyPathSegment }
}

extension URLContext where Self: RawRepresentable, RawValue: URLContext, Self: CaseIterable {
    public static var urlExample: Self { allCases.first! }
}
