import WebRouter
import WebRouterAccounts

/// Everything the demo's screens read and write: the sample data and its search index (in
/// memory, read-only), the accounts (`WebRouterAccounts`: the store, its throttles and
/// sessions) and the demo's own profiles beside them (WebRouterStore records), in SQLite or
/// PostgreSQL (`DemoStorage`). A class, so screens can hold it without the route table walking
/// its contents.
///
/// ```swift
/// let data = try await DemoData.open(storage: try await DemoStorage.open("webapp.sqlite"))
/// let match = try data.match(12)             // throws HTTPError.notFound for a missing id
/// data.words.scoreline(match)                // "Riverside Rovers 2–1 Kingsbridge United"
/// ```
final class DemoData: Sendable {
    /// The leagues, teams, players, matches, feed and inbox.
    let sample: SampleData
    /// Name search over players, teams, leagues and matches.
    let search: SearchIndex
    /// The users (in SQLite or PostgreSQL), starting with `demo` / `demo`: sign-in, registration,
    /// password changes and sessions that end, throttled (`accounts.throttles`).
    let accounts: Accounts
    /// What the demo keeps of each account: display name, favourite team, bio.
    let profiles: ProfileStore
    /// Team and player names, score lines.
    let words: SportsWording
    /// The match the demo plays "live" (demo data only): the first upcoming one.
    let live: LiveMatchSimulator

    /// The demo's account rules: passwords of 4 characters at least (short, because this is a demo).
    static let accountRules = AccountRules(minimumPasswordLength: 4)

    /// The demo's data with its accounts and profiles in `storage` (opened and migrated), the
    /// demo account made if its profile waits for it (`seedDemoAccount`). `passwordIterations`
    /// is the PBKDF2 count of new password hashes, `hashing` the pool they are computed on.
    static func open(sample: SampleData = .shared, storage: DemoStorage,
                     passwordIterations: Int = PasswordHash.defaultIterations,
                     hashing: BoundedWorkPool = BoundedWorkPool(label: "webapp.password-hash"),
                     throttles: AccountThrottles = AccountThrottles()) async throws -> DemoData {
        let data = DemoData(sample: sample, storage: storage, passwordIterations: passwordIterations, hashing: hashing,
                            throttles: throttles)
        try await data.seedDemoAccount()
        return data
    }

    /// The demo's data in `storage`, as it is (no seeding).
    convenience init(sample: SampleData = .shared, storage: DemoStorage,
                     passwordIterations: Int = PasswordHash.defaultIterations,
                     hashing: BoundedWorkPool = BoundedWorkPool(label: "webapp.password-hash"),
                     throttles: AccountThrottles = AccountThrottles()) {
        let store = AccountStore(storage: storage.accounts, rules: Self.accountRules,
                                 passwordIterations: passwordIterations, hashing: hashing)
        self.init(sample: sample, accounts: Accounts(store: store, throttles: throttles),
                  profiles: ProfileStore(store: storage.store, validTeamIDs: Set(sample.teams.map(\.id))))
    }

    /// The demo's data with the sign-in limits of issue 33 lifted, as before it (only to
    /// measure what they save): throttles that never refuse, and unless `keepsHashingPool`
    /// a hashing pool as wide as the old unbounded queue got in practice (64 at once, 100,000
    /// waiting).
    static func unlimited(storage: DemoStorage, keepsHashingPool: Bool = false) async throws -> DemoData {
        let pool = keepsHashingPool
            ? BoundedWorkPool(label: "webapp.password-hash")
            : BoundedWorkPool(maximumConcurrent: 64, maximumWaiting: 100_000)
        return try await open(storage: storage, hashing: pool, throttles: .unlimited)
    }

    /// Makes the pre-made `demo` account (password `demo`) when its profile is stored and the
    /// account is not: once, on a new database (`DemoSchema` seeds the profile there). Deleting
    /// the account deletes the profile, so it does not come back. Instances starting together
    /// on one database may both try: the second finds the name taken, which is done too.
    func seedDemoAccount() async throws {
        let demo = DemoSchema.demoProfile.username
        guard try await profiles.profile(named: demo) != nil, try await accounts.store.account(named: demo) == nil else { return }
        do {
            _ = try await accounts.store.register(username: demo, password: "demo")
        } catch where error.messages[.username] == AccountStore.taken {
            return
        }
    }

    init(sample: SampleData = .shared, accounts: Accounts, profiles: ProfileStore) {
        self.sample = sample
        self.search = SearchIndex(data: sample)
        self.accounts = accounts
        self.profiles = profiles
        self.words = SportsWording(teams: sample.teams, players: sample.players)
        self.live = LiveMatchSimulator(matchID: sample.upcomingMatches(limit: 1).first?.id ?? 1)
    }

    // MARK: - Lookups that answer 404

    func match(_ id: Int) throws(HTTPError) -> Match { try found(sample.match(id), "match", id) }
    func team(_ id: Int) throws(HTTPError) -> Team { try found(sample.team(id), "team", id) }
    func player(_ id: Int) throws(HTTPError) -> Player { try found(sample.player(id), "player", id) }
    func league(_ id: Int) throws(HTTPError) -> League { try found(sample.league(id), "league", id) }
    func tournament(_ id: Int) throws(HTTPError) -> Tournament { try found(sample.tournament(id), "tournament", id) }
    func gameDay(_ id: Int) throws(HTTPError) -> GameDay { try found(sample.gameDay(id), "game day", id) }
    func page(_ id: Int) throws(HTTPError) -> FeedPage { try found(sample.page(id), "article", id) }

    /// The value, or a 404 page saying "No match 999.".
    private func found<Value>(_ value: Value?, _ kind: String, _ id: Int) throws(HTTPError) -> Value {
        guard let value else { throw HTTPError.notFound("No \(kind) \(id).") }
        return value
    }

    // MARK: - Small queries

    /// The game days from today on, soonest first.
    func upcomingGameDays(limit: Int) -> [GameDay] {
        Array(sample.gameDays.lazy.filter { $0.day >= SampleData.today }.prefix(limit))
    }

    /// The league of a team, by id; `nil` for an unknown team.
    func leagueName(ofTeam id: Int) -> String? {
        sample.team(id).flatMap { sample.league($0.leagueID)?.name }
    }

    /// A team's best scorers, most goals first.
    func topScorers(ofTeam id: Int, limit: Int) -> [Player] {
        sample.topScorers(of: id, limit: limit)
    }
}
