import WebRouter

/// The sections of a match page, picked in its query (`/feed/match/12?section=lineups`);
/// the overview is the default and is left out of the URL.
///
/// ```swift
/// router.picker(\.section, label: "Sections") { $0.title }
/// ```
enum MatchSection: String, URLContext, CaseIterable, Equatable {
    case overview, goals, lineups

    /// The picker's label.
    var title: String {
        switch self {
        case .overview: "Overview"
        case .goals: "Goals"
        case .lineups: "Line-ups"
        }
    }
}
