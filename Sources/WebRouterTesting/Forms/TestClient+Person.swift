public import Testing
public import WebRouter
import WebRouterHTML

/// Moves as a person makes them: by labels and names, on the current ``TestClient/page``.
extension TestClient {
    // MARK: - Scope

    /// Runs `body` with every locator of the client's moves looked up inside `scope` (which
    /// must find exactly one element): `within(.dialog("Share")) { try await client.click(.link("Close")) }`.
    @discardableResult
    public func within<Result>(
        _ scope: Locator, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Result
    ) async throws -> Result {
        _ = try locate(scope, sourceLocation)
        let saved = scopes
        scopes += scope.scopes + [scope.criterion]
        defer { scopes = saved }
        return try await body()
    }

    // MARK: - Links and buttons

    /// Clicks what `locator` finds: follows a link, presses a submit button. In `.browser`
    /// mode any element can be clicked; in the HTTP modes, only links and submit buttons.
    @discardableResult
    public func click(_ locator: Locator, sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestPage {
        let (page, node) = try locate(locator, sourceLocation)
        if node.isDisabled {
            try page.failure("\(PageElement.describe(node)) is disabled").record(at: sourceLocation)
        }
        if mode == .browser { return try await browserClick(node, sourceLocation) }
        if node.tag == "a" || node.tag == "area", let href = node["href"] {
            if href.hasPrefix("#") { return page }
            return try await get(resolve(href, against: page.url))
        }
        if node.isSubmitButton {
            return try await submit(node, on: page, sourceLocation)
        }
        try page.failure("\(PageElement.describe(node)) does nothing without JavaScript: only links and submit buttons can be clicked outside .browser mode")
            .record(at: sourceLocation)
    }

    /// Presses the button with this accessible name (its text, value or `aria-label`) and
    /// submits its form as a browser would: the fields as the page has them with this test's
    /// edits, disabled ones left out, the button's own name and value, its `formaction`,
    /// `formmethod` and `formenctype` over the form's.
    @discardableResult
    public func press(_ buttonName: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestPage {
        try await click(.button(buttonName), sourceLocation: sourceLocation)
    }

    /// Presses Escape: closes the topmost alert or modal layer (in `.browser` mode, through
    /// the page's own script and the dialog's cancel event).
    @discardableResult
    public func pressEscape(sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestPage {
        let page = try currentPage(sourceLocation)
        guard let href = page.alerts.last?.dismiss ?? page.modals.last?.dismiss else {
            try page.failure("no layer for Escape to close", details: "no alert or modal is open").record(at: sourceLocation)
        }
        if mode == .browser { return try await browserPressEscape(sourceLocation) }
        return try await get(resolve(href, against: page.url))
    }

    // MARK: - Fields

    /// Types `value` into the text field (or text area) with this label, replacing its text.
    /// A label no field has, a field of another kind, or a disabled or read-only field is a
    /// failure that lists the page's fields.
    public func fill(_ label: String, with value: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await fill(.label(label), with: value, sourceLocation: sourceLocation)
    }

    /// Types `value` into the text field `locator` finds.
    public func fill(_ locator: Locator, with value: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (page, field) = try locate(locator, sourceLocation)
        let typeable = field.tag == "textarea"
            || (field.tag == "input" && !["checkbox", "radio", "file", "submit", "button", "reset", "image", "hidden"].contains(field.inputType))
        guard typeable else {
            try page.failure("\(PageElement.describe(field)) is not a text field", details: "use check, choose, select or attach for it").record(at: sourceLocation)
        }
        try usable(field, on: page, sourceLocation)
        if field["readonly"] != nil {
            try page.failure("\(PageElement.describe(field)) is read-only").record(at: sourceLocation)
        }
        let sent = field.tag == "input" ? FieldConstraints.sanitized(value, type: field.inputType) : value
        if let rule = FieldConstraints.violation(of: field, value: sent) {
            try page.failure("\(PageElement.describe(field)) refuses \(value.debugDescription): it breaks the rule \(rule)",
                             details: "a browser would not submit it; to see the server's answer to such a value, send it by name with submit(_:on:_:)")
                .record(at: sourceLocation)
        }
        if mode == .browser {
            if let shown = try await browserFill(field, with: value), shown != value {
                try page.failure("the browser turned \(value.debugDescription) into \(shown.debugDescription) in \(PageElement.describe(field))")
                    .record(at: sourceLocation)
            }
            return
        }
        edits.setValue(value, of: field)
    }

    /// Fills the field with this label with a typed value, printed as the field holds it
    /// (`Int`, `Decimal`, `Day`, `TimeOfDay`, `DateTime`, `String`), the same way in every
    /// mode (in `.browser`, by value for date, time and number inputs, never keystrokes). A
    /// value the field's rules reject (`max`, `step`, `pattern`…) is a failure naming the rule.
    /// ```swift
    /// try await client.fill("Check-in date", with: Day(year: 2030, month: 5, day: 1)!)
    /// try await client.fill("Nights", with: 3)
    /// ```
    public func fill<Value: FormScalar>(_ label: String, with value: Value, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await fill(.label(label), with: value.formText, sourceLocation: sourceLocation)
    }

    /// Ticks (`true`) or clears (`false`) the checkbox with this label.
    /// ```swift
    /// try await client.fill("I accept the terms", with: true)
    /// ```
    public func fill(_ label: String, with isChecked: Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await setBox(label, to: isChecked, kind: "checkbox", sourceLocation)
    }

    /// Chooses a case of an enum in the choice with this label: the option of a `<select>`, or
    /// the radio button of a group (its legend), whose value is the case's.
    /// ```swift
    /// try await client.fill("Room", with: Room.suite)
    /// ```
    public func fill<Value: URLContext & CaseIterable>(_ label: String, with choice: Value, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await fillChoices(label, with: [Self.text(of: choice)], single: true, sourceLocation)
    }

    /// Ticks exactly these cases in the group of checkboxes with this legend (the others cleared).
    /// ```swift
    /// try await client.fill("Extras", with: [Extra.breakfast, .parking])
    /// ```
    public func fill<Value: URLContext & CaseIterable & Hashable>(_ label: String, with choices: Set<Value>, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await fillChoices(label, with: choices.map(Self.text(of:)), single: false, sourceLocation)
    }

    private static func text<Value: URLContext>(of value: Value) -> String {
        var segments: [String] = []
        value.appendPathSegments(to: &segments)
        return segments.first ?? ""
    }

    private func fillChoices(_ label: String, with values: [String], single: Bool, _ sourceLocation: SourceLocation) async throws {
        let page = try currentPage(sourceLocation)
        let root = try scopeRoot(page, sourceLocation)
        let groups: [Locator.Criterion] = [.role(.group, name: label, level: nil), .role("radiogroup", name: label, level: nil)]
        for criterion in groups {
            guard case .found(let group) = LocatorResolution.resolve(criterion, in: root) else { continue }
            let boxes: [HTMLNode] = group.all { (node: HTMLNode) -> Bool in
                node.tag == "input" && (node.inputType == "radio" || node.inputType == "checkbox")
            }
            let offered: [String] = boxes.map { $0["value"] ?? "on" }
            for value in values where !offered.contains(value) {
                try page.failure("no choice \(value.debugDescription) in \(PageElement.describe(group))",
                                 details: "values: " + offered.joined(separator: ", ")).record(at: sourceLocation)
            }
            for box in boxes {
                let wanted = values.contains(box["value"] ?? "on")
                if box.inputType == "radio" && !wanted { continue }
                try await set(box, checked: wanted, on: page, sourceLocation)
            }
            return
        }
        let (_, select) = try locate(.label(label), sourceLocation)
        guard select.tag == "select" else {
            try page.failure("\(PageElement.describe(select)) is neither a select nor a group of choices").record(at: sourceLocation)
        }
        try usable(select, on: page, sourceLocation)
        let options = select.all("option")
        let chosen = options.filter { values.contains($0["value"] ?? $0.text) }
        guard chosen.count == values.count, !chosen.isEmpty || !single else {
            try page.failure("no option of value \(values.joined(separator: ", ")) in \(PageElement.describe(select))",
                             details: "values: " + options.map { $0["value"] ?? $0.text }.joined(separator: ", ")).record(at: sourceLocation)
        }
        if mode == .browser {
            for option in chosen { try await browserSelect(option) }
            return
        }
        edits.select(chosen, in: select)
    }

    /// Ticks the checkbox with this label.
    public func check(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await setBox(label, to: true, kind: "checkbox", sourceLocation)
    }

    /// Clears the checkbox with this label.
    public func uncheck(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await setBox(label, to: false, kind: "checkbox", sourceLocation)
    }

    /// Chooses the radio button with this label (the others of its group are cleared).
    public func choose(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await setBox(label, to: true, kind: "radio", sourceLocation)
    }

    /// Chooses `option` of a picker by their labels: a segmented picker (`router.picker`, a
    /// `<nav>` of links: it follows the option's link), or a group of radio buttons (a
    /// `<fieldset>` with that legend, or a `radiogroup`).
    @discardableResult
    public func choose(_ option: String, in picker: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestPage {
        let page = try currentPage(sourceLocation)
        let root = try scopeRoot(page, sourceLocation)
        let groups: [Locator.Criterion] = [.role(.navigation, name: picker, level: nil), .role(.group, name: picker, level: nil),
                                           .role("radiogroup", name: picker, level: nil)]
        for group in groups {
            guard case .found = LocatorResolution.resolve(group, in: root) else { continue }
            let scoped = Locator(.role(.navigation, name: picker, level: nil))
            if case .role(let role, _, _) = group, role == .navigation {
                return try await click(.link(option).within(scoped), sourceLocation: sourceLocation)
            }
            let radio = Locator(.role(.radio, name: option, level: nil), scopes: scopes + [group])
            let (_, node) = try locate(radio, sourceLocation, addingClientScopes: false)
            try await set(node, checked: true, on: page, sourceLocation)
            return page
        }
        let pickers = root.descendants.filter { ["navigation", "group", "radiogroup"].contains($0.role ?? "") && !$0.isHidden }
        try page.failure("no picker \"\(picker)\"", details: "pickers and groups here: " + pickers.map(PageElement.describe).joined(separator: ", "))
            .record(at: sourceLocation)
    }

    /// Selects the option with this text in the `<select>` with this label (added to the
    /// selection of a multiple select). An option the select lacks is a failure listing them.
    public func select(_ option: String, from label: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (page, select) = try locate(.label(label), sourceLocation)
        guard select.tag == "select" else {
            try page.failure("\(PageElement.describe(select)) is not a select").record(at: sourceLocation)
        }
        try usable(select, on: page, sourceLocation)
        let options = select.all("option")
        let wanted = option.collapsingWhitespace
        var matches = options.filter { $0.text == wanted }
        if matches.isEmpty { matches = options.filter { $0.text.lowercased().contains(wanted.lowercased()) } }
        guard matches.count == 1, let chosen = matches.first else {
            try page.failure(matches.isEmpty ? "no option \"\(option)\" in \(PageElement.describe(select))" : "\(matches.count) options match \"\(option)\"",
                             details: "options: " + options.map { "\"\($0.text)\"" + ($0.isDisabled ? " (disabled)" : "") }.joined(separator: ", "))
                .record(at: sourceLocation)
        }
        if chosen.isDisabled {
            try page.failure("option \"\(chosen.text)\" of \(PageElement.describe(select)) is disabled").record(at: sourceLocation)
        }
        if mode == .browser { return try await browserSelect(chosen) }
        let current = edits.selectedOptions(of: select) ?? FormEntryList.selectedOptions(of: select)
        edits.select(select["multiple"] != nil ? current.filter { $0 != chosen } + [chosen] : [chosen], in: select)
    }

    /// Attaches a file to the file input with this label; the form is then sent as
    /// `multipart/form-data` when it says so (`enctype`).
    public func attach(_ file: TestFile, to label: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (page, input) = try locate(.label(label), sourceLocation)
        guard input.tag == "input", input.inputType == "file" else {
            try page.failure("\(PageElement.describe(input)) is not a file input").record(at: sourceLocation)
        }
        try usable(input, on: page, sourceLocation)
        if mode == .browser { return try await browserAttach(file, to: input) }
        edits.attach(input["multiple"] != nil ? edits.files(of: input) + [file] : [file], to: input)
    }

    // MARK: - Expectations on the current page

    /// Checks the current page's landmarks: see ``TestPage/expect(status:url:screen:selectedTab:breadcrumb:modals:text:sourceLocation:)``.
    public func expect(
        status: Int? = 200, url: String? = nil, screen: String? = nil, selectedTab: String? = nil,
        breadcrumb: [String]? = nil, modals: [String]? = nil, text: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try currentPage(sourceLocation).expect(
            status: status, url: url, screen: screen, selectedTab: selectedTab, breadcrumb: breadcrumb, modals: modals,
            text: text, sourceLocation: sourceLocation)
    }

    /// The one element `locator` finds on the current page (inside the current ``within(_:sourceLocation:_:)`` scope).
    public func element(_ locator: Locator, sourceLocation: SourceLocation = #_sourceLocation) throws -> PageElement {
        try PageElement(locate(locator, sourceLocation).node)
    }

    // MARK: - Machinery

    func currentPage(_ sourceLocation: SourceLocation) throws -> TestPage {
        guard let page else {
            try TestFailure(page: nil, expectation: "a page to act on", details: "the client has loaded none yet: start with get(_:)", history: [])
                .record(at: sourceLocation)
        }
        return page
    }

    /// The element of the current page that `locator` finds inside the client's scope.
    func locate(
        _ locator: Locator, _ sourceLocation: SourceLocation, addingClientScopes: Bool = true
    ) throws -> (page: TestPage, node: HTMLNode) {
        let page = try currentPage(sourceLocation)
        let scoped = addingClientScopes ? Locator(locator.criterion, scopes: scopes + locator.scopes) : locator
        return (page, try page.resolve(scoped).get(sourceLocation))
    }

    private func scopeRoot(_ page: TestPage, _ sourceLocation: SourceLocation) throws -> HTMLNode {
        guard let last = scopes.last else { return page.document }
        return try page.resolve(Locator(last, scopes: Array(scopes.dropLast()))).get(sourceLocation)
    }

    private func usable(_ field: HTMLNode, on page: TestPage, _ sourceLocation: SourceLocation) throws {
        if field.isDisabled {
            try page.failure("\(PageElement.describe(field)) is disabled").record(at: sourceLocation)
        }
    }

    private func setBox(_ label: String, to isChecked: Bool, kind: String, _ sourceLocation: SourceLocation) async throws {
        let (page, box) = try locate(.label(label), sourceLocation)
        guard box.tag == "input", box.inputType == kind || (kind == "checkbox" && box.inputType == "radio" && isChecked) else {
            try page.failure("\(PageElement.describe(box)) is not a \(kind)").record(at: sourceLocation)
        }
        try await set(box, checked: isChecked, on: page, sourceLocation)
    }

    private func set(_ box: HTMLNode, checked isChecked: Bool, on page: TestPage, _ sourceLocation: SourceLocation) async throws {
        try usable(box, on: page, sourceLocation)
        if mode == .browser { return try await browserSetChecked(box, isChecked) }
        edits.setChecked(isChecked, box)
    }

    /// Submits the form of `submitter` as a browser would.
    func submit(_ submitter: HTMLNode, on page: TestPage, _ sourceLocation: SourceLocation) async throws -> TestPage {
        let form: HTMLNode? = submitter["form"].flatMap { id in page.document.element(withID: id) } ?? submitter.enclosing("form")
        guard let form else {
            try page.failure("\(PageElement.describe(submitter)) belongs to no form").record(at: sourceLocation)
        }
        let list = FormEntryList(form: form, submitter: submitter, edits: edits, pageURL: page.url)
        let target = resolve(list.action, against: page.url)
        switch list.method {
        case "post":
            let (contentType, body) = list.encodedBody()
            return try await request(.post, target, headers: [("Content-Type", contentType)], body: body)
        case "dialog":
            return page
        default:
            let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
            let query = FormEntryList.urlencoded(list.textEntries)
            return try await get(query.isEmpty ? path : path + "?" + query)
        }
    }
}
