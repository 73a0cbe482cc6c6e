import WebRouterHTML
/// What the tab bar needs to know of the request's person: which tabs they may open, and
/// whether the app hides or marks those they cannot open yet (``SignInPolicy/LockedTabs``).
struct TabAccess: Sendable {
    let viewer: Viewer
    let hidesLocked: Bool

    /// How a tab shows for this person: `nil` when it is left out of the bar, else whether it
    /// is marked as needing sign-in.
    func show(_ rule: AccessRule) -> Bool? {
        switch rule.verdict(for: viewer) {
        case .admitted: false
        case .needsSignIn: hidesLocked ? nil : true
        case .needsRole: nil
        }
    }
}
