/// Writes the Feed tab's articles from the generated results: Super Cup reports, season
/// previews, reports of the latest rounds, cup round-ups and previews of the next round.
/// Articles get ids in publication order (oldest first).
///
/// ```swift
/// var writer = FeedWriter(leagues: leagues, tournaments: tournaments, teams: teams,
///                         players: players, matches: matches, today: today, rng: rng)
/// let pages = writer.write()
/// ```
struct FeedWriter {
    let leagues: [League]
    let tournaments: [Tournament]
    let teams: [Team]
    let players: [Player]
    let matches: [Match]
    let today: Day
    /// The generator, handed back to the builder afterwards.
    var rng: SplitMix64

    private struct Draft {
        let title: String
        let summary: String
        let paragraphs: [String]
        let related: [Int]
        let published: Day
    }

    private var words: SportsWording { SportsWording(teams: teams, players: players) }

    /// All articles, ids 1… in publication order.
    mutating func write() -> [FeedPage] {
        var drafts: [Draft] = []
        for league in leagues {
            let ids = league.tournamentIDs
            guard ids.count == 3 else { continue }
            let superCup = tournamentMatches(ids[0]), season = tournamentMatches(ids[1]), cup = tournamentMatches(ids[2])
            if let final = superCup.first { drafts.append(superCupReport(league, final)) }
            let rounds = stride(from: 0, to: season.count, by: 4).map { Array(season[$0..<min($0 + 4, season.count)]) }
            if let opening = rounds.first { drafts.append(seasonPreview(league, opening)) }
            let played = rounds.filter { round in round.allSatisfy { $0.status.isFinished } }
            for (offset, round) in played.enumerated().suffix(3) {
                drafts.append(roundReport(league, round, number: offset + 1, table: season))
            }
            if played.count < rounds.count {
                drafts.append(roundPreview(league, rounds[played.count], number: played.count + 1, table: season))
            }
            if cup.count >= 6 {
                drafts.append(cupRoundup(league, Array(cup[0..<4]), stage: "quarter-finals"))
                drafts.append(cupRoundup(league, Array(cup[4..<6]), stage: "semi-finals"))
            }
        }
        let ordered = drafts.enumerated().sorted { ($0.element.published, $0.offset) < ($1.element.published, $1.offset) }
        return ordered.enumerated().map { index, entry in
            let draft = entry.element
            return FeedPage(id: index + 1, title: draft.title, summary: draft.summary, paragraphs: draft.paragraphs,
                            relatedMatchIDs: draft.related, published: draft.published)
        }
    }

    private func tournamentMatches(_ id: Int) -> [Match] {
        guard tournaments.indices.contains(id - 1) else { return [] }
        return tournaments[id - 1].matchIDs.compactMap { matches.indices.contains($0 - 1) ? matches[$0 - 1] : nil }
    }

    private func table(_ league: League, _ season: [Match], before day: Day) -> [StandingRow] {
        StandingRow.table(teamIDs: league.teamIDs, matches: season.filter { $0.kickoff.day < day },
                          name: words.teamName)
    }

    private mutating func superCupReport(_ league: League, _ match: Match) -> Draft {
        let words = self.words
        let winner = words.winner(of: match).map(words.teamName) ?? words.teamName(match.homeTeamID)
        let loser = words.loser(of: match).map(words.teamName) ?? words.teamName(match.awayTeamID)
        let verb = rng.pick(["lift", "claim", "win"])
        let extra = words.wentToExtraTime(match) ? " after extra time" : ""
        return Draft(
            title: "\(winner) \(verb) the \(league.name) Super Cup",
            summary: "\(words.scoreline(match))\(extra) at \(match.venue) opens the \(SampleDataBuilder.season) season.",
            paragraphs: [
                "\(winner) beat \(loser)\(extra) in the \(league.name) Super Cup at \(match.venue) on \(match.kickoff.day.formatted): \(words.scoreline(match)).",
                "Goals: \(words.scorers(in: match)).",
                rng.pick(["The curtain-raiser drew a full house on a warm August evening.",
                          "Both coaches used the match to test their summer signings.",
                          "It was a lively start to a season that promises a close title race."]),
            ],
            related: [match.id], published: match.kickoff.day.adding(days: 1))
    }

    private mutating func seasonPreview(_ league: League, _ opening: [Match]) -> Draft {
        let words = self.words
        let favourite = words.teamName(rng.pick(league.teamIDs))
        let fixtures = opening.map(words.fixture)
        let opener = opening.first?.kickoff.day ?? today
        return Draft(
            title: "\(league.name) \(SampleDataBuilder.season) preview: can \(favourite) go all the way?",
            summary: "Eight clubs, fourteen rounds: everything you need before the \(league.country) season kicks off.",
            paragraphs: [
                "The \(league.name) returns on \(opener.formatted) with eight clubs chasing the title over a double round robin of fourteen rounds.",
                "\(favourite) start as favourites after a busy summer, but the chasing pack looks stronger than last year.",
                "Opening day: " + fixtures.joined(separator: "; ") + ".",
            ],
            related: opening.map(\.id), published: opener.adding(days: -3))
    }

    private mutating func roundReport(_ league: League, _ round: [Match], number: Int, table season: [Match]) -> Draft {
        let words = self.words
        let headline = round.max { (words.totalGoals($0), -$0.id) < (words.totalGoals($1), -$1.id) } ?? round[0]
        let last = round.map(\.kickoff.day).max() ?? today
        let standings = table(league, season, before: last.adding(days: 1))
        let leader = standings.first.map { "\(words.teamName($0.teamID)) lead on \($0.points) points" } ?? ""
        let title: String
        if let winner = words.winner(of: headline), let loser = words.loser(of: headline) {
            title = "\(words.teamName(winner)) \(rng.pick(["beat", "see off", "get the better of", "overcome"])) \(words.teamName(loser))"
        } else {
            title = "Honours even as \(words.teamName(headline.homeTeamID)) and \(words.teamName(headline.awayTeamID)) draw"
        }
        let others = round.filter { $0.id != headline.id }.map(words.scoreline)
        return Draft(
            title: title + " (\(league.name), round \(number))",
            summary: "\(words.scoreline(headline)) headlines round \(number); \(leader).",
            paragraphs: [
                "\(words.scoreline(headline)) at \(headline.venue) was the pick of round \(number) of the \(league.name).",
                "Goals: \(words.scorers(in: headline)).",
                "Elsewhere: " + others.joined(separator: "; ") + ".",
                "After round \(number), \(leader)" + (standings.count > 1
                    ? ", ahead of \(words.teamName(standings[1].teamID)) (\(standings[1].points))."
                    : "."),
            ],
            related: round.map(\.id), published: last.adding(days: 1))
    }

    private mutating func roundPreview(_ league: League, _ round: [Match], number: Int, table season: [Match]) -> Draft {
        let words = self.words
        let first = round.map(\.kickoff.day).min() ?? today
        let standings = table(league, season, before: first)
        let topTwo = standings.prefix(2).map(\.teamID)
        let bigGame = round.first { topTwo.contains($0.homeTeamID) && topTwo.contains($0.awayTeamID) } ?? round[0]
        let fixtures = round.map { "\(words.fixture($0)) (\($0.kickoff.day.weekdayName) \($0.kickoff.time))" }
        return Draft(
            title: "Round \(number) preview: \(words.teamName(bigGame.homeTeamID)) v \(words.teamName(bigGame.awayTeamID))",
            summary: "The \(league.name) resumes on \(first.formatted). Here is what to watch.",
            paragraphs: [
                "Round \(number) of the \(league.name) is played on \(first.formatted) and the following day.",
                "The match of the weekend: \(words.teamName(bigGame.homeTeamID)) host \(words.teamName(bigGame.awayTeamID)) at \(bigGame.venue), kick-off \(bigGame.kickoff.time).",
                "Fixtures: " + fixtures.joined(separator: "; ") + ".",
            ],
            related: round.map(\.id), published: min(first, today).adding(days: -1))
    }

    private mutating func cupRoundup(_ league: League, _ ties: [Match], stage: String) -> Draft {
        let words = self.words
        let last = ties.map(\.kickoff.day).max() ?? today
        let through = ties.compactMap(words.winner(of:)).map(words.teamName)
        let results = ties.map { words.scoreline($0) + (words.wentToExtraTime($0) ? " (a.e.t.)" : "") }
        let cupName = tournaments.indices.contains(ties[0].tournamentID - 1)
            ? tournaments[ties[0].tournamentID - 1].name : "the cup"
        return Draft(
            title: "\(cupName): \(stage) decided",
            summary: "Through: " + through.joined(separator: ", ") + ".",
            paragraphs: [
                "The \(stage) of the \(cupName) were played on \(last.formatted).",
                "Results: " + results.joined(separator: "; ") + ".",
                rng.pick(["Extra time and late drama kept the crowds on their feet.",
                          "The draw for the next round takes place on Monday.",
                          "Cup football delivered its usual surprises."]),
            ],
            related: ties.map(\.id), published: last.adding(days: 1))
    }
}
