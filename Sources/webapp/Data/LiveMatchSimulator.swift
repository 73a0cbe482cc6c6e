import Foundation
import Synchronization
import WebRouter

/// Demo data only: one upcoming match played "live" while the demo runs, a goal at a time,
/// so the Match and Feed screens show pages the server updates (issue 32). Each
/// ``advance()`` scores one goal and returns the keys whose pages refresh; the demo calls it
/// every `--live-goal-interval` seconds, tests call it directly (no clock).
///
/// ```swift
/// let live = LiveMatchSimulator(matchID: 12)
/// app.refresh(live.advance())      // the match's page and the feed refresh
/// live.score                      // (home: 1, away: 0, minute: 9)
/// ```
final class LiveMatchSimulator: Sendable {
    /// The match being played.
    let matchID: Int
    private let state = Mutex((home: 0, away: 0, minute: 0, goals: 0))

    init(matchID: Int) {
        self.matchID = matchID
    }

    /// The page key of the match (`match/12`).
    var matchKey: LiveKey { LiveKey("match", matchID) }
    /// The key of every page listing live scores (the feed).
    static let scoresKey: LiveKey = "scores"

    /// The score and the minute so far.
    var score: (home: Int, away: Int, minute: Int) {
        state.withLock { ($0.home, $0.away, $0.minute) }
    }

    /// One more goal (home and away by turns, with a tilt to home), the clock moving on 9
    /// minutes, wrapping to a new match after 90: the keys of the pages that change.
    @discardableResult
    func advance() -> [LiveKey] {
        state.withLock { state in
            state.goals += 1
            state.minute += 9
            if state.minute > 90 { state = (0, 0, 0, 0) }
            else if state.goals % 3 == 2 { state.away += 1 }
            else { state.home += 1 }
        }
        return [matchKey, Self.scoresKey]
    }
}
