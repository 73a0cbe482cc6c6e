/// Where `ProfileStore` keeps profiles: SQLite (`SQLiteProfileStorage`) beside the accounts in
/// one file, or PostgreSQL (`PostgresProfileStorage`). Each call is one transaction.
///
/// ```swift
/// let storage: any ProfileStorage = SQLiteProfileStorage(database: database)
/// try await storage.profile(named: "demo")?.favouriteTeamID   // 3
/// ```
protocol ProfileStorage: Sendable {
    /// The profile of `username`, if any. Pages read it on every request: keep it cheap.
    func profile(named username: String) async throws -> Profile?

    /// Adds `profile` (its account exists); `false` when it already has one.
    func insert(_ profile: Profile) async throws -> Bool

    /// In one transaction: reads the profile of `username` (`nil` when there is none), lets
    /// `change` edit it (or throw, which writes nothing) and writes it back.
    func update(named username: String, _ change: @escaping @Sendable (inout Profile) throws -> Void) async throws -> Profile?
}
