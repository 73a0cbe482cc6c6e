/// The demo app's built-in data set: six leagues with their tournaments, 48 teams, their
/// players, the 2026/27 season's matches (finished before `SampleData.today`, scheduled after),
/// game days, feed articles and the demo user's inbox. Generated deterministically from a seed,
/// immutable afterwards, shared freely across threads.
///
/// Ids are 1-based and dense per kind, and every array is indexed by `id - 1`, so lookups are
/// O(1); a missing id answers `nil` (a 404 for the screens). The id schemes keep the URLs of
/// DESIGN.md meaningful: league `L` owns teams `8L-7…8L` and tournaments `3L-2…3L` (Super Cup,
/// season, cup), tournament 5 (league 2's season) holds match 12, player 7 plays for team 3.
///
/// ```swift
/// let data = SampleData.shared                    // or SampleData.make(seed: 7)
/// guard let match = data.match(12) else { return notFound() }
/// let table = data.standings(for: match.tournamentID)
/// let squad = data.players(of: 3)
/// let page1 = data.feed(page: 1, perPage: 10)
/// ```
final class SampleData: Sendable {
    /// "Today" for the demo: matches before it are played, matches from it on are scheduled.
    static let today = FixtureScheduler.day(2026, 11, 21)

    /// The data set the app serves (seed 2026), built on first use.
    static let shared = SampleData.make()

    /// The seed the data was generated from.
    let seed: UInt64
    /// All leagues, index = id - 1.
    let leagues: [League]
    /// All tournaments, index = id - 1.
    let tournaments: [Tournament]
    /// All teams, index = id - 1.
    let teams: [Team]
    /// All players, index = id - 1.
    let players: [Player]
    /// All matches, index = id - 1.
    let matches: [Match]
    /// All game days, index = id - 1, in date order.
    let gameDays: [GameDay]
    /// All feed articles, index = id - 1, oldest first.
    let pages: [FeedPage]
    /// The demo user's messages, index = id - 1, oldest first.
    let messages: [Message]

    private let matchIDsByTeam: [[Int]]
    /// Each team's players, best scorer first (the Dashboard's "Players to watch").
    private let scorerIDsByTeam: [[Int]]
    private let standingsByTournament: [[StandingRow]]
    private let feedNewestFirst: [FeedPage]
    private let upcoming: [Match]
    private let recent: [Match]

    /// Generates the data set for `seed`; the same seed always gives the same data.
    static func make(seed: UInt64 = 2026) -> SampleData {
        var builder = SampleDataBuilder(seed: seed)
        return SampleData(seed: seed, parts: builder.build())
    }

    private init(seed: UInt64, parts: SampleDataBuilder.Parts) {
        self.seed = seed
        leagues = parts.leagues
        tournaments = parts.tournaments
        teams = parts.teams
        players = parts.players
        matches = parts.matches
        gameDays = parts.gameDays
        pages = parts.pages
        messages = parts.messages

        var byTeam = Array(repeating: [Int](), count: parts.teams.count)
        for match in parts.matches {
            for id in [match.homeTeamID, match.awayTeamID] where byTeam.indices.contains(id - 1) {
                byTeam[id - 1].append(match.id)
            }
        }
        matchIDsByTeam = byTeam
        let players = parts.players
        scorerIDsByTeam = parts.teams.map { team in
            team.playerIDs.map { players[$0 - 1] }
                .sorted { ($0.goals, $0.assists, -$0.id) > ($1.goals, $1.assists, -$1.id) }
                .map(\.id)
        }

        let teams = parts.teams
        let name: (Int) -> String = { teams.indices.contains($0 - 1) ? teams[$0 - 1].name : "" }
        standingsByTournament = parts.tournaments.map { tournament in
            let tournamentMatches = tournament.matchIDs.map { parts.matches[$0 - 1] }
            let teamIDs: [Int]
            if tournament.kind == .league, parts.leagues.indices.contains(tournament.leagueID - 1) {
                teamIDs = parts.leagues[tournament.leagueID - 1].teamIDs
            } else {
                var seen = Set<Int>()
                teamIDs = tournamentMatches.flatMap { [$0.homeTeamID, $0.awayTeamID] }.filter { seen.insert($0).inserted }
            }
            return StandingRow.table(teamIDs: teamIDs, matches: tournamentMatches, name: name)
        }
        feedNewestFirst = parts.pages.reversed()
        let byKickoff = parts.matches.sorted { ($0.kickoff, $0.id) < ($1.kickoff, $1.id) }
        upcoming = byKickoff.filter { !$0.status.isFinished }
        recent = byKickoff.filter { $0.status.isFinished }.reversed()
    }

    // MARK: - Lookups by id

    /// The league with `id`, or `nil`.
    func league(_ id: Int) -> League? { Self.element(leagues, id) }
    /// The tournament with `id`, or `nil`.
    func tournament(_ id: Int) -> Tournament? { Self.element(tournaments, id) }
    /// The team with `id`, or `nil`.
    func team(_ id: Int) -> Team? { Self.element(teams, id) }
    /// The player with `id`, or `nil`.
    func player(_ id: Int) -> Player? { Self.element(players, id) }
    /// The match with `id`, or `nil`.
    func match(_ id: Int) -> Match? { Self.element(matches, id) }
    /// The game day with `id`, or `nil`.
    func gameDay(_ id: Int) -> GameDay? { Self.element(gameDays, id) }
    /// The feed article with `id`, or `nil`.
    func page(_ id: Int) -> FeedPage? { Self.element(pages, id) }
    /// The message with `id`, or `nil`.
    func message(_ id: Int) -> Message? { Self.element(messages, id) }

    // MARK: - Relations

    /// A team's squad by shirt number; empty for an unknown team.
    func players(of teamID: Int) -> [Player] {
        team(teamID)?.playerIDs.map { players[$0 - 1] } ?? []
    }

    /// A team's best scorers, most goals first (then assists, then the lower id), at most
    /// `limit`; empty for an unknown team. Sorted once, when the data set is built.
    func topScorers(of teamID: Int, limit: Int) -> [Player] {
        (Self.element(scorerIDsByTeam, teamID) ?? []).prefix(limit).map { players[$0 - 1] }
    }

    /// A league's teams in id order; empty for an unknown league.
    func teams(in leagueID: Int) -> [Team] {
        league(leagueID)?.teamIDs.map { teams[$0 - 1] } ?? []
    }

    /// A league's tournaments (Super Cup, season, cup); empty for an unknown league.
    func tournaments(in leagueID: Int) -> [Tournament] {
        league(leagueID)?.tournamentIDs.map { tournaments[$0 - 1] } ?? []
    }

    /// A tournament's matches in id order; empty for an unknown tournament.
    func matches(in tournamentID: Int) -> [Match] {
        tournament(tournamentID)?.matchIDs.map { matches[$0 - 1] } ?? []
    }

    /// A team's matches in all tournaments, in id order; empty for an unknown team.
    func matches(of teamID: Int) -> [Match] {
        Self.element(matchIDsByTeam, teamID)?.map { matches[$0 - 1] } ?? []
    }

    /// The matches of a game day, in id order; empty for an unknown game day.
    func matches(onGameDay gameDayID: Int) -> [Match] {
        gameDay(gameDayID)?.matchIDs.map { matches[$0 - 1] } ?? []
    }

    /// The game day on which a match is played, or `nil` for an unknown match.
    func gameDay(of matchID: Int) -> GameDay? {
        guard let match = match(matchID) else { return nil }
        return gameDays.first { $0.day == match.kickoff.day }
    }

    /// The tournament's table: every team of the league for a season, the teams that took part
    /// for a cup; sorted by points, goal difference, goals scored, name. Empty for an unknown id.
    func standings(for tournamentID: Int) -> [StandingRow] {
        Self.element(standingsByTournament, tournamentID) ?? []
    }

    /// Scheduled matches, soonest first, optionally only those of one team.
    func upcomingMatches(limit: Int = 10, teamID: Int? = nil) -> [Match] {
        Self.first(limit, of: upcoming, teamID: teamID)
    }

    /// Finished matches, latest first, optionally only those of one team.
    func recentMatches(limit: Int = 10, teamID: Int? = nil) -> [Match] {
        Self.first(limit, of: recent, teamID: teamID)
    }

    /// Page `page` (1-based) of the feed, newest article first; `nil` for a page or page size
    /// below 1 or a page past the end.
    func feed(page: Int, perPage: Int = 10) -> PagedList<FeedPage>? {
        PagedList(feedNewestFirst, page: page, perPage: perPage)
    }

    /// The inbox, newest message first.
    var inbox: [Message] { messages.reversed() }

    /// Number of unread messages.
    var unreadCount: Int { messages.count { !$0.isRead } }

    // MARK: - Helpers

    private static func element<T>(_ array: [T], _ id: Int) -> T? {
        id >= 1 && id <= array.count ? array[id - 1] : nil
    }

    private static func first(_ limit: Int, of list: [Match], teamID: Int?) -> [Match] {
        guard limit > 0 else { return [] }
        guard let teamID else { return Array(list.prefix(limit)) }
        var result: [Match] = []
        for match in list where match.involves(teamID: teamID) {
            result.append(match)
            if result.count == limit { break }
        }
        return result
    }
}
