public import WebRouter
import WebRouterHTML

/// An element a ``Locator`` found on a page: what a person perceives of it — role, accessible
/// name, visible text, state — with its attributes for the rest.
///
/// ```swift
/// let link = try page.element(.link("Match 12"))
/// #expect(link.href == "/feed/tournament/5/match/12")
/// #expect(try page.element(.checkbox("Remember me")).isChecked == false)
/// ```
public struct PageElement: Sendable, CustomStringConvertible {
    /// The parsed element.
    public let node: HTMLNode

    init(_ node: HTMLNode) { self.node = node }

    /// Its ARIA role (`link`, `button`, `textbox`…), explicit or implied by its tag.
    public var role: String? { node.role }
    /// Its accessible name: what a screen reader announces (label, text, `aria-label`).
    public var name: String { node.accessibleName }
    /// The text a person sees in it, whitespace collapsed.
    public var text: String { node.visibleText(excluding: nil) }
    /// An attribute's value as written.
    public subscript(attribute: String) -> String? { node[attribute] }
    /// A link's `href`.
    public var href: String? { node["href"] }
    /// Whether it is disabled (itself or by a disabled fieldset).
    public var isDisabled: Bool { node.isDisabled }
    /// Whether a checkbox or radio button is checked, as the page was served.
    public var isChecked: Bool { node["checked"] != nil }
    /// Whether it is marked as the current one of a set (`aria-current`: the selected tab,
    /// a picker's chosen option, the breadcrumb's last entry).
    public var isCurrent: Bool { node["aria-current"].map { $0 != "false" } ?? false }
    /// Whether a field is marked invalid (`aria-invalid="true"`: a form rendered again with
    /// its validation messages).
    public var isInvalid: Bool { node["aria-invalid"] == "true" }
    /// Whether a field is read-only.
    public var isReadOnly: Bool { node["readonly"] != nil || node["aria-readonly"] == "true" }
    /// Whether a field must be filled (`required`).
    public var isRequired: Bool { node["required"] != nil || node["aria-required"] == "true" }
    /// The value a field holds as the page was served (a `<select>`'s selected option, a
    /// `<textarea>`'s text).
    public var value: String? {
        switch node.tag {
        case "textarea": return FormEntryList.textareaValue(node)
        case "select": return FormEntryList.selectedOptions(of: node).first.map(FormEntryList.optionValue)
        default: return node["value"]
        }
    }

    public var description: String { Self.describe(node) }

    /// `link "Match 12" → /feed/…`, `textbox "Username"`, `button "Sign in"`.
    static func describe(_ node: HTMLNode) -> String {
        var text = node.role ?? node.tag
        if node.tag == "input", !["text", "checkbox", "radio", "submit"].contains(node.inputType) { text += "[\(node.inputType)]" }
        let name = node.accessibleName
        text += name.isEmpty ? " (no name)" : " \"\(name.count > 60 ? String(name.prefix(57)) + "…" : name)\""
        if let href = node["href"], node.tag == "a" { text += " → \(href)" }
        if node.isDisabled { text += " (disabled)" }
        return text
    }
}
