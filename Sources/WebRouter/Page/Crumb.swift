/// One entry of a breadcrumb: a stack entry's label and the URL of the stack up to it.
/// The last crumb of a breadcrumb is the current screen.
/// ```swift
/// [Crumb(label: "Feed", href: "/feed"), Crumb(label: "Match 12", href: "/feed/match/12")]
/// ```
public struct Crumb: Sendable, Equatable {
    public var label: String
    public var href: String

    public init(label: String, href: String) {
        self.label = label
        self.href = href
    }
}
