/// Writes the demo user's inbox (the Messages tab): club news about the favourite team
/// (team 3), results, ticket offers, notes from friends and account notices, all built from the
/// generated matches. Messages get ids in the order sent; the five newest are unread.
///
/// ```swift
/// var inbox = InboxWriter(teams: teams, players: players, matches: matches, leagues: leagues,
///                         today: today, rng: rng)
/// let messages = inbox.write()
/// ```
struct InboxWriter {
    let teams: [Team]
    let players: [Player]
    let matches: [Match]
    let leagues: [League]
    let today: Day
    /// The generator, handed back to the builder afterwards.
    var rng: SplitMix64

    /// The demo user's favourite team, whose club writes to them.
    static let favouriteTeamID = 3

    private struct Draft {
        let sent: DayTime
        let from: String
        let subject: String
        let body: String
    }

    /// All messages, ids 1… in the order sent.
    mutating func write() -> [Message] {
        let words = SportsWording(teams: teams, players: players)
        let club = words.teamName(Self.favouriteTeamID)
        let teamMatches = matches.filter { $0.involves(teamID: Self.favouriteTeamID) }
        let finished = teamMatches.filter { $0.status.isFinished }
        let upcomingHome = teamMatches.filter { !$0.status.isFinished && $0.homeTeamID == Self.favouriteTeamID }
        var drafts: [Draft] = []

        drafts.append(Draft(sent: at(FixtureScheduler.day(2026, 9, 1), 9, 0), from: "WebRouter Demo",
                            subject: "Welcome to the demo",
                            body: "Hello! This demo account follows \(club). Browse the Feed, search for players and teams, and edit your profile from the Dashboard."))

        for match in finished.suffix(6) {
            let day = match.kickoff.day.adding(days: 1)
            let outcome: String
            if let winner = words.winner(of: match) {
                outcome = winner == Self.favouriteTeamID ? "A win to remember" : "A day to forget"
            } else {
                outcome = "A point apiece"
            }
            drafts.append(Draft(sent: at(day, 8, rng.int(in: 0...59)), from: club,
                                subject: "Result: \(words.scoreline(match))",
                                body: "\(outcome). \(words.scoreline(match)) at \(match.venue). Goals: \(words.scorers(in: match)). Highlights are now on the club website."))
        }

        for (index, match) in upcomingHome.prefix(3).enumerated() {
            let day = min(match.kickoff.day.adding(days: -14), today.adding(days: -1 - 3 * index))
            drafts.append(Draft(sent: at(day, 10, 0), from: "\(club) Ticket Office",
                                subject: "Tickets on sale: \(words.fixture(match))",
                                body: "Tickets for \(words.fixture(match)) on \(match.kickoff.day.formatted) (kick-off \(match.kickoff.time)) at \(match.venue) are on sale now. Members get priority until Friday."))
        }

        let scorers = players.filter { $0.teamID == Self.favouriteTeamID }.sorted { ($0.goals, -$0.id) > ($1.goals, -$1.id) }
        for week in 0..<4 {
            let day = today.adding(days: -7 * week - 2)
            let star = scorers.isEmpty ? "your captain" : scorers[week % scorers.count].name
            drafts.append(Draft(sent: at(day, 7, 30), from: "Fantasy Manager",
                                subject: "Your weekly points: \(rng.int(in: 38...92))",
                                body: "Your team finished the week in the top \(rng.int(in: 5...40))%. Best performer: \(star). Transfers close on Friday at 18:00."))
        }

        let friends = ["Maya Okafor", "Sam Lockwood", "Inès Lefèvre", "Jonas Brandt", "Ana Conceição", "Kenji Morita"]
        let chats = [
            ("Saturday?", "Are you going to the match on Saturday? I can drive if you like."),
            ("That goal!", "Did you see that goal last weekend? Still can't believe it went in."),
            ("Pub quiz", "Football round at the pub quiz on Thursday, we need you on the team."),
            ("Fantasy league", "Joining our fantasy league this season? Code is DEMO26."),
            ("Away trip", "Thinking of the away trip next month, train tickets are cheap if we book now."),
            ("Shirt", "Got the new home shirt. The colour is even better in person."),
        ]
        for (index, friend) in friends.enumerated() {
            let day = today.adding(days: -rng.int(in: 1...45))
            drafts.append(Draft(sent: at(day, rng.int(in: 9...22), rng.int(in: 0...59)), from: friend,
                                subject: chats[index].0, body: chats[index].1))
        }

        for league in leagues.prefix(3) {
            let day = today.adding(days: -rng.int(in: 3...30))
            drafts.append(Draft(sent: at(day, 12, 0), from: "\(league.name) Office",
                                subject: "Fixture changes in the \(league.name)",
                                body: "Kick-off times for the coming rounds of the \(league.name) are confirmed. Check the Feed for the full schedule."))
        }

        drafts.append(Draft(sent: at(today.adding(days: -1), 21, 14), from: "Account Security",
                            subject: "New sign-in to your account",
                            body: "We noticed a new sign-in to your demo account. If this was you, there is nothing to do. Otherwise, change your password in Settings."))

        let ordered = drafts.enumerated().sorted { ($0.element.sent, $0.offset) < ($1.element.sent, $1.offset) }
        let unreadFrom = ordered.count - 5
        return ordered.enumerated().map { index, entry in
            Message(id: index + 1, from: entry.element.from, subject: entry.element.subject, body: entry.element.body,
                    sent: entry.element.sent, isRead: index < unreadFrom)
        }
    }

    private func at(_ day: Day, _ hour: Int, _ minute: Int) -> DayTime {
        DayTime(day: day, hour: hour, minute: minute)
    }
}
