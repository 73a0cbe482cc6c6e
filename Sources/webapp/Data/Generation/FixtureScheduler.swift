/// The calendar of the 2026/27 sample season: which teams meet on which days and at what time.
///
/// - Super Cups: Saturday 2026-08-01, 18:00, one match per league.
/// - League seasons: a double round robin (14 rounds of 4 matches). Round 1 is played entirely on
///   the opening Saturday 2026-08-08; every later round is split over a Saturday and a Sunday.
///   Rounds 1–9 come every two weeks, then a winter break, rounds 10–14 every three weeks from
///   2027-02-06.
/// - Cups: quarter-finals on 2026-09-29/30, semi-finals on 2026-11-10/11 (odd leagues Tuesday,
///   even leagues Wednesday), finals on Saturday 2027-05-22.
///
/// ```swift
/// let rounds = FixtureScheduler.doubleRoundRobin([1, 2, 3, 4, 5, 6, 7, 8])   // 14 rounds of 4 pairs
/// let kickoffs = FixtureScheduler.seasonKickoffs(round: 0)                      // 4 kickoff times
/// ```
enum FixtureScheduler {
    /// Day of the Super Cups.
    static let superCupKickoff = DayTime(day: day(2026, 8, 1), hour: 18, minute: 0)

    /// Round-robin pairings `(home, away)` for an even number of teams: each pair meets twice,
    /// once at each ground; the second half mirrors the first with venues swapped.
    static func doubleRoundRobin(_ teams: [Int]) -> [[(home: Int, away: Int)]] {
        guard teams.count >= 2, teams.count % 2 == 0 else { return [] }
        var order = teams
        var firstHalf: [[(home: Int, away: Int)]] = []
        let count = order.count
        for round in 0..<(count - 1) {
            var pairs: [(home: Int, away: Int)] = []
            for index in 0..<(count / 2) {
                let first = order[index], second = order[count - 1 - index]
                pairs.append((round + index) % 2 == 0 ? (first, second) : (second, first))
            }
            firstHalf.append(pairs)
            // Circle method: keep the first team, rotate the others by one.
            order = [order[0], order[count - 1]] + order[1..<(count - 1)]
        }
        let secondHalf = firstHalf.map { pairs in pairs.map { (home: $0.away, away: $0.home) } }
        return firstHalf + secondHalf
    }

    /// The kickoff of each of the four matches of season round `round` (0-based).
    static func seasonKickoffs(round: Int) -> [DayTime] {
        let saturday = round < 9
            ? day(2026, 8, 8).adding(days: 14 * round)
            : day(2027, 2, 6).adding(days: 21 * (round - 9))
        if round == 0 {
            return [(13, 30), (16, 0), (18, 30), (21, 0)].map { DayTime(day: saturday, hour: $0.0, minute: $0.1) }
        }
        let sunday = saturday.adding(days: 1)
        return [
            DayTime(day: saturday, hour: 15, minute: 0), DayTime(day: saturday, hour: 17, minute: 30),
            DayTime(day: sunday, hour: 13, minute: 0), DayTime(day: sunday, hour: 16, minute: 0),
        ]
    }

    /// Kickoffs of the four cup quarter-finals of league number `league` (1-based).
    static func quarterFinalKickoffs(league: Int) -> [DayTime] {
        midweek(day(2026, 9, 29), league: league, count: 4)
    }

    /// Kickoffs of the two cup semi-finals of league number `league`.
    static func semiFinalKickoffs(league: Int) -> [DayTime] {
        midweek(day(2026, 11, 10), league: league, count: 2)
    }

    /// Kickoff of the cup final of league number `league`.
    static func finalKickoff(league: Int) -> DayTime {
        DayTime(day: day(2027, 5, 22), hour: 16 + league % 3, minute: 0)
    }

    private static func midweek(_ tuesday: Day, league: Int, count: Int) -> [DayTime] {
        let day = league % 2 == 1 ? tuesday : tuesday.adding(days: 1)
        let times = [(18, 45), (19, 0), (20, 45), (21, 0)]
        return times.prefix(count).map { DayTime(day: day, hour: $0.0, minute: $0.1) }
    }

    /// A constant date of the calendar above.
    static func day(_ year: Int, _ month: Int, _ day: Int) -> Day {
        let base = Day(daysSinceEpoch: 0)
        return Day(year: year, month: month, day: day) ?? base
    }
}
