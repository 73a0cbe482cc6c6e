/// A date on which matches are played, across all tournaments.
///
/// ```swift
/// let data = SampleData.make()
/// let first = data.gameDay(1)!
/// print(first.day.formatted, first.matchIDs.count)
/// ```
struct GameDay: Sendable, Hashable, Identifiable {
    /// 1-based, dense, in date order.
    let id: Int
    /// The date.
    let day: Day
    /// The matches played that day, in id order.
    let matchIDs: [Int]
}
