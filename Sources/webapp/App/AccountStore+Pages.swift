import WebRouter

extension AccountStore {
    /// The account named `username` for a page being rendered: a database the app cannot read
    /// right now is a `503 Service Unavailable` page saying so, never a 500.
    ///
    /// ```swift
    /// let account = try await data.accounts.accountForPage(named: router.request.signedInUser ?? "")
    /// ```
    func accountForPage(named username: String) async throws(HTTPError) -> Account? {
        do {
            return try await account(named: username)
        } catch {
            throw HTTPError(error.isStorageFailure ? .serviceUnavailable : .internalServerError,
                            error.messages.values.sorted().joined(separator: " "))
        }
    }
}
