import Testing
@testable import webapp

@Suite("Sample data")
struct SampleDataTests {
    let data = SampleData.shared

    @Test func meetsTheSizeMinimums() {
        #expect(data.leagues.count == 6)
        #expect(data.teams.count == 48)
        #expect(data.players.count >= 700)
        #expect(data.matches.count >= 350)
        #expect(data.gameDays.count >= 30)
        #expect(data.pages.count >= 25)
        #expect(data.messages.count >= 20)
        for team in data.teams {
            #expect((16...18).contains(team.playerIDs.count), "\(team.name) has \(team.playerIDs.count) players")
        }
        for league in data.leagues {
            #expect(league.teamIDs.count == 8)
            let season = data.tournaments(in: league.id).filter { $0.kind == .league }
            #expect(season.count == 1)
            #expect(season.first?.matchIDs.count == 56)
            #expect(data.tournaments(in: league.id).contains { $0.kind == .cup })
        }
    }

    @Test func sameSeedGivesTheSameDataAndAnotherSeedDiffers() {
        let again = SampleData.make()
        #expect(again.players == data.players)
        #expect(again.matches == data.matches)
        #expect(again.pages == data.pages)
        #expect(again.messages == data.messages)
        #expect(again.teams == data.teams)
        let other = SampleData.make(seed: 7)
        #expect(other.players.map(\.name) != data.players.map(\.name))
        #expect(other.matches.map(\.status) != data.matches.map(\.status))
    }

    @Test func idsAreDenseAndOneBased() {
        #expect(data.leagues.map(\.id) == Array(1...data.leagues.count))
        #expect(data.tournaments.map(\.id) == Array(1...data.tournaments.count))
        #expect(data.teams.map(\.id) == Array(1...data.teams.count))
        #expect(data.players.map(\.id) == Array(1...data.players.count))
        #expect(data.matches.map(\.id) == Array(1...data.matches.count))
        #expect(data.gameDays.map(\.id) == Array(1...data.gameDays.count))
        #expect(data.pages.map(\.id) == Array(1...data.pages.count))
        #expect(data.messages.map(\.id) == Array(1...data.messages.count))
    }

    @Test func designURLsPointAtRelatedThings() throws {
        // /feed/tournament/5/match/12 and /dashboard/league/2/tournament/5/match/12
        let tournament = try #require(data.tournament(5))
        #expect(tournament.leagueID == 2)
        #expect(data.league(2)?.tournamentIDs.contains(5) == true)
        #expect(tournament.matchIDs.contains(12))
        #expect(data.match(12)?.tournamentID == 5)
        // /search/~user/7/team/3
        #expect(data.player(7)?.teamID == 3)
        #expect(data.team(3)?.playerIDs.contains(7) == true)
    }

    @Test func missingIdsAnswerNil() {
        for id in [0, -1, Int.min, Int.max, 100_000] {
            #expect(data.league(id) == nil)
            #expect(data.tournament(id) == nil)
            #expect(data.team(id) == nil)
            #expect(data.player(id) == nil)
            #expect(data.match(id) == nil)
            #expect(data.gameDay(id) == nil)
            #expect(data.page(id) == nil)
            #expect(data.message(id) == nil)
            #expect(data.players(of: id).isEmpty)
            #expect(data.matches(in: id).isEmpty)
            #expect(data.matches(of: id).isEmpty)
            #expect(data.teams(in: id).isEmpty)
            #expect(data.standings(for: id).isEmpty)
        }
    }

    @Test func matchesAreBetweenTeamsOfTheTournamentsLeague() throws {
        for match in data.matches {
            let tournament = try #require(data.tournament(match.tournamentID))
            let home = try #require(data.team(match.homeTeamID))
            let away = try #require(data.team(match.awayTeamID))
            #expect(home.id != away.id)
            #expect(home.leagueID == tournament.leagueID && away.leagueID == tournament.leagueID)
            #expect(tournament.matchIDs.contains(match.id))
        }
        #expect(data.tournaments.reduce(0) { $0 + $1.matchIDs.count } == data.matches.count)
    }

    @Test func seasonIsADoubleRoundRobin() throws {
        for league in data.leagues {
            let season = try #require(data.tournaments(in: league.id).first { $0.kind == .league })
            var pairs: [String: Int] = [:]
            for match in data.matches(in: season.id) { pairs["\(match.homeTeamID)-\(match.awayTeamID)", default: 0] += 1 }
            #expect(pairs.count == 56 && pairs.values.allSatisfy { $0 == 1 }, "each ordered pair plays once")
        }
    }

    @Test func topScorersAreTheSquadsBestByGoalsThenAssists() {
        for team in data.teams {
            let best = data.players(of: team.id)
                .sorted { ($0.goals, $0.assists, -$0.id) > ($1.goals, $1.assists, -$1.id) }
            #expect(data.topScorers(of: team.id, limit: 3).map(\.id) == best.prefix(3).map(\.id))
            #expect(data.topScorers(of: team.id, limit: 100).count == best.count)
        }
        #expect(data.topScorers(of: 0, limit: 3).isEmpty)
        #expect(data.topScorers(of: data.teams.count + 1, limit: 3).isEmpty)
    }

    @Test func squadsPointBackToTheirTeam() {
        for team in data.teams {
            for player in data.players(of: team.id) { #expect(player.teamID == team.id) }
            #expect(Set(data.players(of: team.id).map(\.shirtNumber)).count == team.playerIDs.count)
        }
        for player in data.players { #expect(data.team(player.teamID)?.playerIDs.contains(player.id) == true) }
        for league in data.leagues {
            for team in data.teams(in: league.id) { #expect(team.leagueID == league.id) }
        }
    }

    @Test func pastMatchesAreFinishedAndFutureOnesScheduled() {
        for match in data.matches {
            if match.kickoff.day < SampleData.today {
                #expect(match.status.isFinished, "match \(match.id) on \(match.kickoff)")
                #expect(match.lineups.home.count == 11 && match.lineups.away.count == 11)
            } else {
                #expect(match.status == .scheduled, "match \(match.id) on \(match.kickoff)")
                #expect(match.events.isEmpty)
            }
        }
        #expect(data.matches.contains { $0.status.isFinished })
        #expect(data.matches.contains { !$0.status.isFinished })
    }

    @Test func scoresAgreeWithGoalEvents() {
        for match in data.matches {
            guard let score = match.status.score else { continue }
            #expect(match.events.count { $0.side == .home } == score.home, "match \(match.id)")
            #expect(match.events.count { $0.side == .away } == score.away, "match \(match.id)")
            for goal in match.events {
                #expect(match.lineups[goal.side].contains(goal.scorerID), "scorer plays for the side")
                if let assist = goal.assistID {
                    #expect(assist != goal.scorerID && match.lineups[goal.side].contains(assist))
                }
            }
            #expect(match.events.map(\.minute) == match.events.map(\.minute).sorted())
            if data.tournament(match.tournamentID)?.kind == .cup { #expect(score.home != score.away) }
        }
    }

    @Test func playerTotalsAgreeWithMatches() {
        var goals: [Int: Int] = [:]
        for match in data.matches { for goal in match.events { goals[goal.scorerID, default: 0] += 1 } }
        for player in data.players { #expect(player.goals == goals[player.id, default: 0]) }
        #expect(data.players.contains { $0.goals > 0 })
    }

    @Test func gameDaysCoverEveryMatchOnItsDate() {
        var covered = Set<Int>()
        for day in data.gameDays {
            for match in data.matches(onGameDay: day.id) {
                #expect(match.kickoff.day == day.day)
                covered.insert(match.id)
            }
        }
        #expect(covered.count == data.matches.count)
        #expect(data.gameDays.map(\.day) == data.gameDays.map(\.day).sorted())
        #expect(data.gameDay(of: 12)?.matchIDs.contains(12) == true)
    }

    @Test func upcomingAndRecentAreOrderedAroundToday() {
        let upcoming = data.upcomingMatches(limit: 20)
        let recent = data.recentMatches(limit: 20)
        #expect(upcoming.count == 20 && recent.count == 20)
        #expect(upcoming.map(\.kickoff) == upcoming.map(\.kickoff).sorted())
        #expect(recent.map(\.kickoff) == recent.map(\.kickoff).sorted().reversed())
        #expect(upcoming.allSatisfy { $0.kickoff.day >= SampleData.today })
        #expect(recent.allSatisfy { $0.kickoff.day < SampleData.today })
        let teamRecent = data.recentMatches(limit: 5, teamID: 3)
        #expect(teamRecent.count == 5 && teamRecent.allSatisfy { $0.involves(teamID: 3) })
        #expect(data.upcomingMatches(limit: 0).isEmpty && data.recentMatches(limit: -3).isEmpty)
    }

    @Test func feedIsPagedNewestFirst() throws {
        let first = try #require(data.feed(page: 1, perPage: 10))
        #expect(first.items.count == 10)
        #expect(first.totalItems == data.pages.count)
        #expect(first.hasNext && !first.hasPrevious)
        let all = (1...first.pageCount).compactMap { data.feed(page: $0, perPage: 10) }.flatMap(\.items)
        #expect(all.map(\.id) == data.pages.map(\.id).reversed())
        #expect(all.map(\.published) == all.map(\.published).sorted().reversed())
        #expect(all.allSatisfy { $0.published <= SampleData.today })
        #expect(data.feed(page: 0) == nil)
        #expect(data.feed(page: first.pageCount + 1, perPage: 10) == nil)
        #expect(data.feed(page: 1, perPage: 0) == nil)
        #expect(data.feed(page: Int.max, perPage: Int.max) == nil)
        for page in data.pages {
            #expect(!page.paragraphs.isEmpty && !page.title.isEmpty)
            #expect(page.relatedMatchIDs.allSatisfy { data.match($0) != nil })
        }
    }

    @Test func inboxHasReadAndUnreadMessagesNewestFirst() {
        #expect(data.unreadCount > 0 && data.unreadCount < data.messages.count)
        #expect(data.inbox.map(\.sent) == data.messages.map(\.sent).sorted().reversed())
        #expect(data.messages.allSatisfy { $0.sent.day <= SampleData.today })
    }
}
