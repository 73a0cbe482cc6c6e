import WebRouterHTML
/// A link on a page: its text and URL.
public struct PageLink: Sendable, Equatable, CustomStringConvertible {
    /// The link's text as a screen reader reads it (whitespace collapsed, icons left out).
    public let text: String
    /// The `href` as written in the page.
    public let href: String
    /// The `rel` attribute (`dismiss` on a close link, `up` on an error page's way back), if any.
    public let rel: String?
    public var description: String { "\"\(text)\" → \(href)" }
}

/// The tab bar (`<nav aria-label="Tabs">`).
public struct TabBar: Sendable, Equatable {
    /// Each tab's label and URL, in order.
    public let tabs: [PageLink]
    /// The label of the tab with `aria-current="page"`.
    public let selected: String?
    /// The labels, in order.
    public var labels: [String] { tabs.map(\.text) }
}

/// One breadcrumb (`<nav aria-label="Breadcrumb">`): the stack of a layer.
public struct Breadcrumb: Sendable, Equatable, CustomStringConvertible {
    /// One entry of a breadcrumb.
    public struct Item: Sendable, Equatable {
        /// The entry's visible text.
        public let label: String
        /// The URL of the entry; `nil` for the current one.
        public let href: String?
    }
    /// The entries, root first; the last is the current screen.
    public let items: [Item]
    /// The entries' labels, root first.
    public var labels: [String] { items.map(\.label) }
    /// The label of the current entry (`aria-current="page"`).
    public var current: String? { items.last?.label }
    public var description: String { labels.joined(separator: " › ") }
}

/// A modal layer (`<dialog aria-modal="true" data-screen=…>`).
public struct ModalLayerInfo: Sendable, Equatable {
    /// The screen the layer shows (its `data-screen`: the screen's type name).
    public let screen: String
    /// The URL of its close link (`rel="dismiss"`).
    public let dismissHref: String?
    /// The layer's breadcrumb, when it holds a navigation stack.
    public let breadcrumb: Breadcrumb?
    /// The dialog's CSS classes (`modal-sheet`, `modal-full`, …).
    public let classes: [String]
}

/// A transient alert or confirmation dialog (`<dialog role="alertdialog">`).
public struct AlertInfo: Sendable, Equatable {
    /// The dialog's heading.
    public let title: String
    /// The paragraph under the heading, if any.
    public let message: String?
    /// Its buttons and links, by label.
    public let actions: [String]
    /// The URL that closes the alert, if it has one (its `rel="dismiss"` link or `data-dismiss`).
    public let dismissHref: String?
}

/// A form on a page, with the values its fields hold.
public struct PageForm: Sendable, Equatable {
    /// Where it is submitted (`action`, or the page's URL).
    public let action: String
    /// `get` or `post`.
    public let method: String
    /// The screen action it runs (its `_action` field or submit button).
    public let actionName: String?
    /// Field names and values in document order (hidden fields included).
    public let fields: [(name: String, value: String)]
    /// The name and value of the submit button that names the action, sent with the form.
    public let submitter: (name: String, value: String)?

    /// The value of the first field named `field`, or `nil` when the form has none.
    public subscript(field: String) -> String? { fields.first { $0.name == field }?.value }

    public static func == (lhs: PageForm, rhs: PageForm) -> Bool {
        lhs.action == rhs.action && lhs.method == rhs.method && lhs.actionName == rhs.actionName
            && lhs.fields.map(\.name) == rhs.fields.map(\.name) && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }
}
