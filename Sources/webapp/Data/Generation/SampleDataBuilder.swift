/// Generates the sample data set from a seed, step by step: leagues and teams from the
/// `LeagueCatalog`, generated squads, the season's matches played by `MatchSimulator` up to
/// `SampleData.today`, then the feed and the inbox written from those results.
/// Use `SampleData.make(seed:)` rather than this type directly.
///
/// ```swift
/// var builder = SampleDataBuilder(seed: 2026)
/// let parts = builder.build()
/// ```
struct SampleDataBuilder {
    /// Everything generated, ready for `SampleData` to index.
    struct Parts: Sendable {
        let leagues: [League]
        let tournaments: [Tournament]
        let teams: [Team]
        let players: [Player]
        let matches: [Match]
        let gameDays: [GameDay]
        let pages: [FeedPage]
        let messages: [Message]
    }

    /// Teams per league.
    static let teamsPerLeague = 8
    /// The season label of every tournament.
    static let season = "2026/27"

    private var rng: SplitMix64
    private let today: Day

    /// A builder whose output depends only on `seed` (and `today`, fixed for the demo).
    init(seed: UInt64, today: Day = SampleData.today) {
        rng = SplitMix64(seed: seed)
        self.today = today
    }

    /// Generates the whole data set.
    mutating func build() -> Parts {
        let catalog = LeagueCatalog.all
        let clubs = makeTeamFacts(catalog)
        let squads = makeSquads(catalog, clubs: clubs)
        let drafts = makeMatchDrafts(catalog, clubs: clubs, squads: squads)

        // Match ids: day by day, then tournament, then kickoff time, then home team.
        let ordered = drafts.sorted {
            ($0.kickoff.day, $0.tournamentID, $0.kickoff, $0.homeTeamID)
                < ($1.kickoff.day, $1.tournamentID, $1.kickoff, $1.homeTeamID)
        }
        let matches = ordered.enumerated().map { index, draft in
            Match(id: index + 1, tournamentID: draft.tournamentID, homeTeamID: draft.homeTeamID,
                  awayTeamID: draft.awayTeamID, kickoff: draft.kickoff, venue: draft.venue,
                  status: draft.result.map { .finished(home: $0.homeGoals, away: $0.awayGoals) } ?? .scheduled,
                  events: draft.result?.events ?? [], lineups: draft.result?.lineups ?? .none)
        }

        var matchIDsByTournament = Array(repeating: [Int](), count: catalog.count * 3)
        for match in matches { matchIDsByTournament[match.tournamentID - 1].append(match.id) }

        var leagues: [League] = []
        var tournaments: [Tournament] = []
        for (index, entry) in catalog.enumerated() {
            let leagueID = index + 1
            let first = 3 * leagueID - 2
            leagues.append(League(id: leagueID, name: entry.name, country: entry.country,
                                  teamIDs: Array(teamRange(league: leagueID)), tournamentIDs: [first, first + 1, first + 2]))
            let names = [(entry.name + " Super Cup", Tournament.Kind.cup),
                         (entry.name + " " + Self.season, .league),
                         (entry.cupName + " " + Self.season, .cup)]
            for (offset, (name, kind)) in names.enumerated() {
                let id = first + offset
                tournaments.append(Tournament(id: id, name: name, leagueID: leagueID, season: Self.season,
                                              kind: kind, matchIDs: matchIDsByTournament[id - 1]))
            }
        }

        var gameDays: [GameDay] = []
        for match in matches {
            if let last = gameDays.last, last.day == match.kickoff.day {
                gameDays[gameDays.count - 1] = GameDay(id: last.id, day: last.day, matchIDs: last.matchIDs + [match.id])
            } else {
                gameDays.append(GameDay(id: gameDays.count + 1, day: match.kickoff.day, matchIDs: [match.id]))
            }
        }

        var goals = Array(repeating: 0, count: squads.players.count)
        var assists = Array(repeating: 0, count: squads.players.count)
        for match in matches {
            for event in match.events {
                goals[event.scorerID - 1] += 1
                if let assist = event.assistID { assists[assist - 1] += 1 }
            }
        }
        let players = squads.players.map { draft in
            Player(id: draft.id, name: draft.name, teamID: draft.teamID, position: draft.position,
                   shirtNumber: draft.shirtNumber, nationality: draft.nationality, birthDate: draft.birthDate,
                   goals: goals[draft.id - 1], assists: assists[draft.id - 1])
        }
        let teams = clubs.map { club in
            Team(id: club.id, name: club.facts.name, shortName: club.facts.shortName, city: club.facts.city,
                 leagueID: club.leagueID, founded: club.founded, stadium: club.facts.stadium,
                 colour: club.colour, playerIDs: squads.playerIDsByTeam[club.id - 1])
        }

        var writer = FeedWriter(leagues: leagues, tournaments: tournaments, teams: teams,
                                players: players, matches: matches, today: today, rng: rng)
        let pages = writer.write()
        rng = writer.rng
        var inbox = InboxWriter(teams: teams, players: players, matches: matches, leagues: leagues,
                                today: today, rng: rng)
        let messages = inbox.write()
        rng = inbox.rng

        return Parts(leagues: leagues, tournaments: tournaments, teams: teams, players: players,
                     matches: matches, gameDays: gameDays, pages: pages, messages: messages)
    }

    // MARK: - Teams

    private struct ClubFacts {
        let id: Int
        let leagueID: Int
        let facts: LeagueCatalog.Club
        let founded: Int
        let colour: String
        let strength: Double
    }

    private static let palette = [
        "#c8102e", "#004d98", "#fdb913", "#00843d", "#6cabdd", "#7a263a", "#1b458f", "#ef0107",
        "#241f20", "#ffffff", "#fbee23", "#003090", "#d71920", "#132257", "#00a650", "#e03a3e",
        "#5c2d91", "#ff6600", "#0070b5", "#8b0000", "#2e8b57", "#a6192e", "#00b2a9", "#f28c28",
    ]

    private func teamRange(league: Int) -> ClosedRange<Int> {
        (Self.teamsPerLeague * (league - 1) + 1)...(Self.teamsPerLeague * league)
    }

    private mutating func makeTeamFacts(_ catalog: [LeagueCatalog]) -> [ClubFacts] {
        var clubs: [ClubFacts] = []
        for (index, entry) in catalog.enumerated() {
            let colours = rng.shuffled(Self.palette)
            for (offset, facts) in entry.clubs.prefix(Self.teamsPerLeague).enumerated() {
                clubs.append(ClubFacts(id: clubs.count + 1, leagueID: index + 1, facts: facts,
                                       founded: rng.int(in: 1872...1965), colour: colours[offset],
                                       strength: 0.7 + 0.6 * rng.unit()))
            }
        }
        return clubs
    }

    // MARK: - Players

    private struct PlayerDraft {
        var id = 0
        let teamID: Int
        let position: Player.Position
        let name: String
        let nationality: String
        let birthDate: Day
        let shirtNumber: Int
        let scoringWeight: Double
    }

    private struct Squads {
        let players: [PlayerDraft]          // index = id - 1
        let playerIDsByTeam: [[Int]]        // index = team id - 1, by shirt number
        let members: [[SquadMember]]        // index = team id - 1
    }

    /// Shirt numbers per position: the usual first numbers, then the rest in random order.
    private static let shirtNumbers: [Player.Position: (first: [Int], rest: [Int])] = [
        .goalkeeper: ([1], [12, 13, 23, 25, 30, 31, 40]),
        .defender: ([2, 3, 4, 5], [6, 15, 16, 22, 24, 26, 28, 32, 33, 34]),
        .midfielder: ([8, 10], [14, 17, 18, 20, 21, 27, 29, 35, 36, 38, 44]),
        .forward: ([9, 11], [7, 19, 37, 39, 77, 90, 99]),
    ]

    /// Players are numbered league by league, line by line (forwards first), team by team.
    private static let idOrder: [Player.Position] = [.forward, .midfielder, .defender, .goalkeeper]

    private mutating func makeSquads(_ catalog: [LeagueCatalog], clubs: [ClubFacts]) -> Squads {
        var usedNames = Set<String>()
        var byTeam: [[PlayerDraft]] = []
        for club in clubs {
            let country = catalog[club.leagueID - 1].country
            let sizes: [(Player.Position, Int)] = [(.goalkeeper, 2), (.defender, rng.int(in: 5...6)),
                                                    (.midfielder, rng.int(in: 6...7)), (.forward, 3)]
            var squad: [PlayerDraft] = []
            for (position, count) in sizes {
                let numbers = Self.shirtNumbers[position] ?? ([], [])
                let shirts = numbers.first + rng.shuffled(numbers.rest)
                for index in 0..<count {
                    let nationality = rng.chance(0.72)
                        ? country
                        : rng.pick(NamePool.all.map(\.nationality).filter { $0 != country })
                    let pool = NamePool.pool(for: nationality)
                    var name = pool.name(using: &rng)
                    var attempts = 0
                    while usedNames.contains(name) && attempts < 50 {
                        name = pool.name(using: &rng)
                        attempts += 1
                    }
                    usedNames.insert(name)
                    let age = rng.int(in: (17 * 365)...(35 * 365))
                    let weight: Double = switch position {
                    case .forward: 5
                    case .midfielder: 2
                    case .defender: 0.6
                    case .goalkeeper: 0.02
                    }
                    squad.append(PlayerDraft(teamID: club.id, position: position, name: name,
                                             nationality: nationality, birthDate: today.adding(days: -age),
                                             shirtNumber: shirts[index], scoringWeight: weight * (0.5 + rng.unit())))
                }
            }
            byTeam.append(squad)
        }

        var players: [PlayerDraft] = []
        for leagueIndex in catalog.indices {
            let teamIndices = Array(teamRange(league: leagueIndex + 1)).map { $0 - 1 }
            for position in Self.idOrder {
                for teamIndex in teamIndices {
                    for index in byTeam[teamIndex].indices where byTeam[teamIndex][index].position == position {
                        byTeam[teamIndex][index].id = players.count + 1
                        players.append(byTeam[teamIndex][index])
                    }
                }
            }
        }
        let playerIDsByTeam = byTeam.map { squad in squad.sorted { $0.shirtNumber < $1.shirtNumber }.map(\.id) }
        let members = byTeam.map { squad in
            squad.map { SquadMember(id: $0.id, position: $0.position, scoringWeight: $0.scoringWeight) }
        }
        return Squads(players: players, playerIDsByTeam: playerIDsByTeam, members: members)
    }

    // MARK: - Matches

    private struct MatchDraft {
        let tournamentID: Int
        let homeTeamID: Int
        let awayTeamID: Int
        let kickoff: DayTime
        let venue: String
        let result: MatchSimulator.Result?
    }

    private mutating func makeMatchDrafts(_ catalog: [LeagueCatalog], clubs: [ClubFacts],
                                          squads: Squads) -> [MatchDraft] {
        var drafts: [MatchDraft] = []

        func play(_ tournamentID: Int, _ home: Int, _ away: Int, at kickoff: DayTime, venue: String? = nil,
                  knockout: Bool, rng: inout SplitMix64) -> MatchDraft {
            let result: MatchSimulator.Result? = kickoff.day < today
                ? MatchSimulator.play(home: squads.members[home - 1], away: squads.members[away - 1],
                                      homeStrength: clubs[home - 1].strength, awayStrength: clubs[away - 1].strength,
                                      knockout: knockout, using: &rng)
                : nil
            let draft = MatchDraft(tournamentID: tournamentID, homeTeamID: home, awayTeamID: away, kickoff: kickoff,
                                   venue: venue ?? clubs[home - 1].facts.stadium, result: result)
            drafts.append(draft)
            return draft
        }
        func winner(_ draft: MatchDraft) -> Int {
            guard let result = draft.result else { return draft.homeTeamID }
            return result.homeGoals >= result.awayGoals ? draft.homeTeamID : draft.awayTeamID
        }

        for leagueID in 1...catalog.count {
            let teamIDs = Array(teamRange(league: leagueID))
            let superCup = 3 * leagueID - 2, season = superCup + 1, cup = superCup + 2

            // Super Cup: last season's champion against the cup holder, at a neutral ground.
            let shuffled = rng.shuffled(teamIDs)
            _ = play(superCup, shuffled[0], shuffled[1], at: FixtureScheduler.superCupKickoff,
                     venue: clubs[shuffled[2] - 1].facts.stadium, knockout: true, rng: &rng)

            // Season: double round robin.
            let rounds = FixtureScheduler.doubleRoundRobin(rng.shuffled(teamIDs))
            for (roundIndex, pairs) in rounds.enumerated() {
                let kickoffs = FixtureScheduler.seasonKickoffs(round: roundIndex)
                for (pair, kickoff) in zip(pairs, kickoffs) {
                    _ = play(season, pair.home, pair.away, at: kickoff, knockout: false, rng: &rng)
                }
            }

            // Cup: quarter-finals, semi-finals, final at a neutral ground.
            let draw = rng.shuffled(teamIDs)
            let quarterKickoffs = FixtureScheduler.quarterFinalKickoffs(league: leagueID)
            var quarterWinners: [Int] = []
            for tie in 0..<4 {
                let draft = play(cup, draw[2 * tie], draw[2 * tie + 1], at: quarterKickoffs[tie],
                                 knockout: true, rng: &rng)
                quarterWinners.append(winner(draft))
            }
            let semiKickoffs = FixtureScheduler.semiFinalKickoffs(league: leagueID)
            var finalists: [Int] = []
            for tie in 0..<2 {
                let draft = play(cup, quarterWinners[2 * tie], quarterWinners[2 * tie + 1], at: semiKickoffs[tie],
                                 knockout: true, rng: &rng)
                finalists.append(winner(draft))
            }
            let neutral = teamIDs.first { !finalists.contains($0) } ?? finalists[0]
            _ = play(cup, finalists[0], finalists[1], at: FixtureScheduler.finalKickoff(league: leagueID),
                     venue: clubs[neutral - 1].facts.stadium, knockout: true, rng: &rng)
        }
        return drafts
    }
}
