import WebRouterHTML
/// One entry of the tab bar (`<nav aria-label="Tabs">`).
/// ```swift
/// TabItem(label: "Feed", href: "/feed", isSelected: true, icon: "⚽")
/// ```
public struct TabItem: Sendable, Equatable {
    /// The visible label.
    public var label: String
    /// Where the tab leads (its remembered stack, or its root when selected).
    public var href: String
    /// Whether this is the current tab (`aria-current="page"`).
    public var isSelected: Bool
    /// A short emoji or character shown above the label, hidden from screen readers.
    public var icon: String?
    /// The tab needs a signed-in person and nobody is signed in: the bar shows a lock and
    /// describes it as "Sign-in required" (`aria-describedby`); opening it presents the sign-in
    /// (see ``SignInPolicy/LockedTabs``).
    public var requiresSignIn = false

    /// A tab labelled `label` leading to `href`, without icon unless given.
    public init(label: String, href: String, isSelected: Bool, icon: String? = nil) {
        self.label = label
        self.href = href
        self.isSelected = isSelected
        self.icon = icon
    }
}
