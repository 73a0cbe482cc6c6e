import WebRouterHTML
import WebRouterHTTP
/// The cookies a test client keeps between requests, like a browser on one site.
public struct CookieJar: Sendable, Equatable {
    /// The cookies kept, by name.
    public private(set) var values: [String: String] = [:]

    /// An empty jar, like a fresh browser.
    public init() {}

    /// The value of the cookie `name`; setting `nil` removes it (to test a lost or forged cookie).
    public subscript(name: String) -> String? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// Applies the `Set-Cookie` headers of a response (`Max-Age=0` removes a cookie).
    mutating func apply(_ headers: HTTPHeaders) {
        for header in headers.values(for: "Set-Cookie") {
            let parts = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals]), value = String(pair[pair.index(after: equals)...])
            let expired = parts.dropFirst().contains { $0.lowercased() == "max-age=0" }
            values[name] = expired || value.isEmpty ? nil : value
        }
    }

    /// The `Cookie` header value.
    var header: String? {
        values.isEmpty ? nil : values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: "; ")
    }
}

import WebRouter
import Foundation
