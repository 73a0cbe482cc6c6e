import Foundation
import GRDB
import WebRouter

/// Everything the demo's screens read and write: the sample data and its search index (in
/// memory, read-only) and the accounts (in SQLite). A class, so screens can hold it without the
/// route table walking its contents.
///
/// ```swift
/// let data = DemoData(database: try AccountDatabase.open(path: "webapp.sqlite"))
/// let match = try data.match(12)             // throws HTTPError.notFound for a missing id
/// data.words.scoreline(match)                // "Riverside Rovers 2–1 Kingsbridge United"
/// ```
final class DemoData: Sendable {
    /// The leagues, teams, players, matches, feed and inbox.
    let sample: SampleData
    /// Name search over players, teams, leagues and matches.
    let search: SearchIndex
    /// The users (in SQLite or PostgreSQL), starting with `demo` / `demo`.
    let accounts: AccountStore
    /// Team and player names, score lines.
    let words: SportsWording
    /// Wrong passwords, by account and by client address: after a few, sign-in waits (429).
    let signIn: AttemptThrottle
    /// Failed password changes, by account and by client address: after a few, the form waits (429).
    let passwordChange: AttemptThrottle
    /// Registrations, by client address (each one counts, made or not): after a few, the form waits (429).
    let registration: AttemptThrottle
    /// The match the demo plays "live" (demo data only): the first upcoming one.
    let live: LiveMatchSimulator

    /// The demo's data over `database` (migrated, see `AccountDatabase`); `passwordIterations`
    /// is the PBKDF2 count of new password hashes.
    convenience init(sample: SampleData = .shared, database: any DatabaseWriter,
                     passwordIterations: Int = PasswordHash.defaultIterations) {
        self.init(sample: sample, storage: SQLiteAccountStorage(database: database), passwordIterations: passwordIterations)
    }

    /// The demo's data with its accounts in `storage` (SQLite or PostgreSQL, migrated).
    convenience init(sample: SampleData = .shared, storage: any AccountStorage,
                     passwordIterations: Int = PasswordHash.defaultIterations) {
        self.init(sample: sample, accounts: AccountStore(storage: storage, validTeamIDs: Set(sample.teams.map(\.id)),
                                                         passwordIterations: passwordIterations))
    }

    /// The demo's data with the sign-in limits of issue 33 lifted, as before it (only to
    /// measure what they save): a throttle that never refuses, and unless `keepsHashingPool`
    /// a hashing pool as wide as the old unbounded queue got in practice (64 at once, 100,000
    /// waiting).
    static func unlimited(storage: any AccountStorage, keepsHashingPool: Bool = false) -> DemoData {
        let sample = SampleData.shared
        let pool = keepsHashingPool
            ? BoundedWorkPool(label: "webapp.password-hash")
            : BoundedWorkPool(maximumConcurrent: 64, maximumWaiting: 100_000)
        let accounts = AccountStore(storage: storage, validTeamIDs: Set(sample.teams.map(\.id)), hashing: pool)
        let free = Int(Int32.max)
        let unlimited = { AttemptThrottle(freeAttemptsPerAccount: free, freeAttemptsPerClient: free) }
        return DemoData(sample: sample, accounts: accounts,
                        signIn: unlimited(), passwordChange: unlimited(), registration: unlimited())
    }

    init(sample: SampleData = .shared, accounts: AccountStore, signIn: AttemptThrottle = AttemptThrottle(),
         passwordChange: AttemptThrottle = AttemptThrottle(),
         registration: AttemptThrottle = DemoData.registrationThrottle()) {
        self.sample = sample
        self.signIn = signIn
        self.passwordChange = passwordChange
        self.registration = registration
        self.search = SearchIndex(data: sample)
        self.accounts = accounts
        self.words = SportsWording(teams: sample.teams, players: sample.players)
        self.live = LiveMatchSimulator(matchID: sample.upcomingMatches(limit: 1).first?.id ?? 1)
    }

    /// The registration throttle: 10 accounts from one address without delay, then 1 s,
    /// 2 s, 4 s, … up to 15 minutes between them; an hour of quiet starts over.
    static func registrationThrottle() -> AttemptThrottle {
        AttemptThrottle(freeAttemptsPerAccount: 0, freeAttemptsPerClient: 10)
    }

    /// What the registration form says when its throttle refuses.
    static func registrationMessage(retryAfter seconds: Int) -> String {
        "Too many accounts were created from your address. "
            + AttemptThrottle.message(retryAfter: seconds).replacingOccurrences(of: "Too many failed attempts. ", with: "")
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
