import WebRouter

/// The steps of the profile editing flow (`/dashboard/~edit/name` → `team` → `confirm`).
///
/// ```swift
/// Flow(base: ScoresApp.UserEdit(data: data)).present()
/// ```
enum EditStep: String, FlowStep {
    case name, team, confirm

    /// The step's heading.
    var heading: String {
        switch self {
        case .name: "Your name"
        case .team: "Favourite team"
        case .confirm: "Check and save"
        }
    }
}
