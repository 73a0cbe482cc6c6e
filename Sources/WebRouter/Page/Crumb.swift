import WebRouterHTML
/// One entry of a breadcrumb: a stack entry's label and the URL of the stack up to it.
/// The last crumb of a breadcrumb is the current screen.
/// ```swift
/// [Crumb(label: "Feed", href: "/feed"), Crumb(label: "Match 12", href: "/feed/match/12")]
/// ```
public struct Crumb: Sendable, Equatable {
    /// The entry's visible text: its screen's title for its context.
    public var label: String
    /// The URL of the stack up to this entry.
    public var href: String

    /// An entry labelled `label` that links to `href`.
    public init(label: String, href: String) {
        self.label = label
        self.href = href
    }
}
