/// What the browser fetched a page for ahead of a move, from its `Sec-Purpose` header:
/// `prefetch` (the response is kept for a navigation that may follow) or `prefetch;prerender`
/// (the page is rendered in the background). Such a request is not a visit: the framework does
/// not remember it as the tab's page, its route observers do not see it, and the access log
/// names it.
///
/// ```swift
/// SpeculativeRequest(secPurpose: "prefetch;prerender")   // .prerender
/// SpeculativeRequest(secPurpose: nil)                    // nil: an ordinary request
/// ```
public enum SpeculativeRequest: String, Sendable {
    /// Fetched to be kept for a likely navigation (`Sec-Purpose: prefetch`).
    case prefetch
    /// Fetched and rendered in the background (`Sec-Purpose: prefetch;prerender`).
    case prerender

    /// The purpose a `Sec-Purpose` value names, or `nil` when the request is an ordinary one.
    /// ```swift
    /// SpeculativeRequest(secPurpose: request.headers["Sec-Purpose"])
    /// ```
    public init?(secPurpose value: String?) {
        guard let value, value.utf8.starts(with: "prefetch".utf8) else { return nil }
        self = value.contains("prerender") ? .prerender : .prefetch
    }
}
