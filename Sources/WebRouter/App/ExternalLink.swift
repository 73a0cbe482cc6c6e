import WebRouterHTML
/// A link to a page outside the app (SwiftfulRouting's `showSafari`): opens in a new tab
/// with `rel="noopener noreferrer"`, and only for `http` and `https` URLs.
///
/// ```swift
/// ExternalLink("https://www.example.org/rules", "Competition rules")
/// ```
/// Any other scheme renders the label as plain text, never a link.
public struct ExternalLink: HTML {
    /// The absolute `http` or `https` URL the link opens.
    public let url: String
    /// The link's visible text.
    public let label: String

    /// A link to `url` labelled `label`.
    public init(_ url: String, _ label: String) {
        self.url = url
        self.label = label
    }

    /// Whether the URL is an absolute `http`/`https` URL with a host.
    public var isAllowed: Bool {
        let lower = url.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return false }
        let rest = lower.drop(while: { $0 != "/" }).dropFirst(2)
        return !rest.isEmpty && !rest.hasPrefix("/") && !url.unicodeScalars.contains { $0.value < 0x21 || $0 == "\\" }
    }

    public func render(into output: inout HTMLOutput) {
        if isAllowed {
            a(.href(url), .target("_blank"), .rel("noopener noreferrer"), .class("external")) {
                label
                span(.class("visually-hidden")) { " (opens in a new tab)" }
            }.render(into: &output)
        } else {
            span(.class("external-refused")) { label }.render(into: &output)
        }
    }
}
