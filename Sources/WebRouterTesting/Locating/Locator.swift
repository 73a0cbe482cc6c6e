import WebRouterHTML
/// How a test names an element the way a person finds it: by role and accessible name, by
/// label, by visible text, or by test id — never by markup. Locators are strict: when several
/// elements match, using one is an error that lists them.
///
/// ```swift
/// try await client.click(.link("Match 12"))
/// try await client.click(.link("Close").within(.dialog("Share")))
/// let heading = try page.element(.heading("Westmoor Town v Stonehaven City", level: 1))
/// #expect(page.count(.role(.listitem).within(.navigation("Breadcrumb"))) == 3)
/// ```
///
/// A name matches exactly (whitespace collapsed); when no element's name is exactly the
/// string, the only element whose name contains it (ignoring case) matches.
public struct Locator: Sendable, CustomStringConvertible {
    enum Criterion: Sendable {
        case role(Role, name: String?, level: Int?)
        case label(String)
        case text(String)
        case testID(String)
    }

    let criterion: Criterion
    /// The scopes it is looked up in, outermost first.
    let scopes: [Criterion]

    init(_ criterion: Criterion, scopes: [Criterion] = []) {
        self.criterion = criterion
        self.scopes = scopes
    }

    /// An ARIA role, such as ``link`` or ``dialog`` (any role string works: `"tab"`).
    public struct Role: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The role's name as ARIA spells it.
        public let name: String
        /// A role by its ARIA name.
        public init(_ name: String) { self.name = name }
        /// A role from a string literal: `.role("tab")`.
        public init(stringLiteral name: String) { self.name = name }
        public var description: String { name }

        /// `<a href>`.
        public static let link = Role("link")
        /// `<button>`, `<input type="submit">`.
        public static let button = Role("button")
        /// A text field: `<input>` (text, email, password…), `<textarea>`.
        public static let textbox = Role("textbox")
        /// `<input type="checkbox">`.
        public static let checkbox = Role("checkbox")
        /// `<input type="radio">`.
        public static let radio = Role("radio")
        /// A single `<select>`.
        public static let combobox = Role("combobox")
        /// An `<option>`.
        public static let option = Role("option")
        /// A modal layer (`<dialog aria-modal="true">`).
        public static let dialog = Role("dialog")
        /// An alert or confirmation dialog (`<dialog role="alertdialog">`).
        public static let alertdialog = Role("alertdialog")
        /// `<nav>`: the tab bar, a breadcrumb, a picker.
        public static let navigation = Role("navigation")
        /// `<h1>`…`<h6>`.
        public static let heading = Role("heading")
        /// `<ul>`, `<ol>`.
        public static let list = Role("list")
        /// `<li>`.
        public static let listitem = Role("listitem")
        /// `<main>`.
        public static let main = Role("main")
        /// `<form>`.
        public static let form = Role("form")
        /// `<table>`.
        public static let table = Role("table")
        /// `<tr>`.
        public static let row = Role("row")
        /// `<td>`.
        public static let cell = Role("cell")
        /// `<img alt>`.
        public static let img = Role("img")
        /// `<fieldset>`.
        public static let group = Role("group")
        /// `<p>`.
        public static let paragraph = Role("paragraph")
    }

    /// Elements with a role, optionally with an accessible name (and a heading level).
    public static func role(_ role: Role, name: String? = nil, level: Int? = nil) -> Locator {
        Locator(.role(role, name: name, level: level))
    }

    /// A link by its accessible name (its text, or `aria-label`).
    public static func link(_ name: String) -> Locator { role(.link, name: name) }
    /// A button by its accessible name (its text or value).
    public static func button(_ name: String) -> Locator { role(.button, name: name) }
    /// A text field by its accessible name (its label).
    public static func textbox(_ name: String) -> Locator { role(.textbox, name: name) }
    /// A checkbox by its label.
    public static func checkbox(_ name: String) -> Locator { role(.checkbox, name: name) }
    /// A radio button by its label.
    public static func radio(_ name: String) -> Locator { role(.radio, name: name) }
    /// A `<select>` by its label.
    public static func combobox(_ name: String) -> Locator { role(.combobox, name: name) }
    /// A modal layer, by its title when given.
    public static func dialog(_ name: String? = nil) -> Locator { role(.dialog, name: name) }
    /// An alert or confirmation dialog, by its title when given.
    public static func alertDialog(_ name: String? = nil) -> Locator { role(.alertdialog, name: name) }
    /// A `<nav>` by its `aria-label` (`"Tabs"`, `"Breadcrumb"`, a picker's label).
    public static func navigation(_ name: String) -> Locator { role(.navigation, name: name) }
    /// A heading by its text, at a level when given.
    public static func heading(_ name: String, level: Int? = nil) -> Locator { role(.heading, name: name, level: level) }

    /// A form control by the text of its label (`<label>`, `aria-label`, `aria-labelledby`,
    /// then `placeholder`), whatever its kind.
    public static func label(_ text: String) -> Locator { Locator(.label(text)) }

    /// The innermost element whose visible text is `text` (or the only one containing it).
    public static func text(_ text: String) -> Locator { Locator(.text(text)) }

    /// The element with `data-testid="id"` (exactly).
    public static func testID(_ id: String) -> Locator { Locator(.testID(id)) }

    /// This locator, looked up only inside the element `scope` finds (which must be unique).
    public func within(_ scope: Locator) -> Locator {
        Locator(criterion, scopes: scope.scopes + [scope.criterion] + scopes)
    }

    public var description: String {
        (scopes.reversed().map { " in " + Self.describe($0) }).reduce(Self.describe(criterion), +)
    }

    static func describe(_ criterion: Criterion) -> String {
        switch criterion {
        case .role(let role, let name, let level):
            let levelText = level.map { " level \($0)" } ?? ""
            return name.map { "\(role)\(levelText) \"\($0)\"" } ?? "\(role)\(levelText)"
        case .label(let text): return "field labelled \"\(text)\""
        case .text(let text): return "text \"\(text)\""
        case .testID(let id): return "test id \"\(id)\""
        }
    }
}
