import Testing
@testable import webapp

@Suite("Standings")
struct StandingsTests {
    let data = SampleData.shared

    @Test func pointsAndPlayedAddUpForEveryTournament() {
        for tournament in data.tournaments {
            let rows = data.standings(for: tournament.id)
            let finished = data.matches(in: tournament.id).filter { $0.status.isFinished }
            #expect(rows.reduce(0) { $0 + $1.played } == 2 * finished.count, "\(tournament.name)")
            #expect(rows.reduce(0) { $0 + $1.goalsFor } == rows.reduce(0) { $0 + $1.goalsAgainst })
            for row in rows {
                #expect(row.points == 3 * row.won + row.drawn)
                #expect(row.played == row.won + row.drawn + row.lost)
                #expect(row.goalDifference == row.goalsFor - row.goalsAgainst)
            }
        }
    }

    @Test func seasonTableListsEveryTeamInRankOrder() throws {
        let rows = data.standings(for: 5)
        #expect(Set(rows.map(\.teamID)) == Set(try #require(data.league(2)).teamIDs))
        #expect(rows.map(\.position) == Array(1...rows.count))
        for (upper, lower) in zip(rows, rows.dropFirst()) {
            let upperKey = (upper.points, upper.goalDifference, upper.goalsFor)
            let lowerKey = (lower.points, lower.goalDifference, lower.goalsFor)
            #expect(upperKey >= lowerKey)
        }
        #expect(rows.contains { $0.played > 0 })
    }

    @Test func tableRanksByPointsThenGoalDifferenceThenGoalsThenName() {
        func match(_ id: Int, _ home: Int, _ away: Int, _ h: Int, _ a: Int) -> Match {
            Match(id: id, tournamentID: 1, homeTeamID: home, awayTeamID: away,
                  kickoff: DayTime(day: SampleData.today, hour: 15, minute: 0), venue: "",
                  status: .finished(home: h, away: a), events: [], lineups: .none)
        }
        let names = [1: "Zeta", 2: "Alpha", 3: "Beta", 4: "Gamma"]
        let matches = [match(1, 1, 3, 3, 0), match(2, 2, 4, 1, 0), match(3, 3, 4, 2, 2)]
        let rows = StandingRow.table(teamIDs: [1, 2, 3, 4], matches: matches) { names[$0] ?? "" }
        // Zeta and Alpha have 3 points, Zeta with the better goal difference; Gamma and Beta 1 point, Gamma -1 against Beta -3.
        #expect(rows.map(\.teamID) == [1, 2, 4, 3])
        let level = StandingRow.table(teamIDs: [1, 2], matches: [match(1, 1, 2, 1, 1)]) { names[$0] ?? "" }
        #expect(level.map(\.teamID) == [2, 1], "equal on everything: alphabetical")
        #expect(level.allSatisfy { $0.points == 1 && $0.drawn == 1 })
    }
}
