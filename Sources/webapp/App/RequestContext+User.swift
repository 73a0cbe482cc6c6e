import WebRouter

extension RequestContext {
    /// The session key that holds the signed-in username.
    static let userKey = "user"

    /// The signed-in username, `nil` for a visitor.
    ///
    /// ```swift
    /// let name = router.request.signedInUser ?? "guest"
    /// ```
    var signedInUser: String? { session[Self.userKey] }
}

/// Builds `url?name=value&…` from pairs, skipping empty values.
///
/// ```swift
/// QueryURL.make("/search", [("q", "rovers"), ("sort", "")])   // "/search?q=rovers"
/// ```
enum QueryURL {
    static func make(_ url: String, _ pairs: [(String, String)]) -> String {
        let items = QueryItems(pairs.filter { !$0.1.isEmpty })
        return items.isEmpty ? url : url + "?" + items.encoded
    }
}
