/// Plays a match of the sample data: picks both starting elevens, draws a plausible score from
/// the teams' strengths (Poisson goals with a home advantage) and writes goal events that agree
/// with the score, each scored by a player of the scoring side's eleven.
///
/// ```swift
/// var rng = SplitMix64(seed: 1)
/// let result = MatchSimulator.play(home: squadA, away: squadB, homeStrength: 1.1,
///                                  awayStrength: 0.9, knockout: false, using: &rng)
/// result.homeGoals == result.events.filter { $0.side == .home }.count   // true
/// ```
enum MatchSimulator {
    /// The outcome of one simulated match.
    struct Result: Sendable {
        /// Goals of the home side.
        let homeGoals: Int
        /// Goals of the away side.
        let awayGoals: Int
        /// Goals in minute order.
        let events: [GoalEvent]
        /// The two starting elevens.
        let lineups: Lineups
    }

    /// Simulates a match; a `knockout` match that ends level gets one extra-time goal.
    static func play(home: [SquadMember], away: [SquadMember], homeStrength: Double,
                     awayStrength: Double, knockout: Bool, using rng: inout SplitMix64) -> Result {
        let homeXI = startingEleven(home, using: &rng)
        let awayXI = startingEleven(away, using: &rng)
        var homeGoals = min(rng.poisson(mean: 1.4 * homeStrength / awayStrength), 7)
        var awayGoals = min(rng.poisson(mean: 1.1 * awayStrength / homeStrength), 7)

        var minutes = Set<Int>()
        var events: [GoalEvent] = []
        func addGoal(_ side: MatchSide, minuteRange: ClosedRange<Int>, rng: inout SplitMix64) {
            var minute = rng.int(in: minuteRange)
            while minutes.contains(minute) { minute = rng.int(in: minuteRange) }
            minutes.insert(minute)
            let eleven = side == .home ? homeXI : awayXI
            let scorer = eleven[rng.weightedIndex(eleven.map(\.scoringWeight))]
            var assist: Int?
            if rng.chance(0.7), eleven.count > 1 {
                let others = eleven.filter { $0.id != scorer.id }
                assist = others[rng.weightedIndex(others.map { assistWeight($0.position) })].id
            }
            events.append(GoalEvent(minute: minute, side: side, scorerID: scorer.id, assistID: assist))
        }
        for _ in 0..<homeGoals { addGoal(.home, minuteRange: 1...90, rng: &rng) }
        for _ in 0..<awayGoals { addGoal(.away, minuteRange: 1...90, rng: &rng) }
        if knockout && homeGoals == awayGoals {
            let homeWins = rng.chance(homeStrength / (homeStrength + awayStrength))
            addGoal(homeWins ? .home : .away, minuteRange: 91...120, rng: &rng)
            if homeWins { homeGoals += 1 } else { awayGoals += 1 }
        }
        events.sort { $0.minute < $1.minute }
        return Result(homeGoals: homeGoals, awayGoals: awayGoals, events: events,
                      lineups: Lineups(home: homeXI.map(\.id), away: awayXI.map(\.id)))
    }

    /// A 4-4-2 from the squad: usually the first-choice keeper, then random outfield players
    /// (or fewer when a line is short), ordered goalkeeper, defenders, midfielders, forwards.
    static func startingEleven(_ squad: [SquadMember], using rng: inout SplitMix64) -> [SquadMember] {
        var eleven: [SquadMember] = []
        for (position, count) in [(Player.Position.goalkeeper, 1), (.defender, 4), (.midfielder, 4), (.forward, 2)] {
            var line = squad.filter { $0.position == position }
            if position == .goalkeeper, line.count > 1, rng.chance(0.85) {
                eleven.append(line[0])
                continue
            }
            line = rng.shuffled(line)
            eleven.append(contentsOf: line.prefix(count))
        }
        return eleven
    }

    private static func assistWeight(_ position: Player.Position) -> Double {
        switch position {
        case .goalkeeper: 0.05
        case .defender: 1
        case .midfielder: 3
        case .forward: 2
        }
    }
}
