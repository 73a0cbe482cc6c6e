import WebRouterHTML
extension PageState {
    /// Reads the state of a page from its HTML, the way a person and WebRouterTesting's
    /// locators see it: hidden elements are left out, except the hidden inputs a form sends.
    /// ```swift
    /// let state = PageState(html: page, status: 200, url: "/feed/tournament/5/match/12")
    /// state.layers[0].breadcrumb.map(\.label)   // ["Feed", "Tournament 5", "Match 12"]
    /// ```
    public init(html: String, status: Int = 200, url: String) {
        self.init(document: HTMLNode.parse(html), status: status, url: url)
    }

    /// Reads the state of a page already parsed with ``HTMLNode/parse(_:)``.
    /// ```swift
    /// let state = PageState(document: HTMLNode.parse(page), url: "/feed")
    /// state.tabs.map(\.label)   // ["Feed", "Search", "Dashboard", "Messages"]
    /// ```
    public init(document: HTMLNode, status: Int = 200, url: String) {
        self = PageStateReader(document: document, status: status, url: url).read()
    }
}

/// Builds a ``PageState`` from a parsed page with the accessibility helpers of ``HTMLNode``:
/// the landmarks of DESIGN.md find the layers, each element is placed in the layer or alert
/// around it.
struct PageStateReader {
    let document: HTMLNode
    let status: Int
    let url: String
    /// The visible links (`a` and `area` with `href`), in document order.
    let linkElements: [HTMLNode]
    /// The visible headings, in document order.
    let headingElements: [HTMLNode]
    let body: HTMLNode?
    let main: HTMLNode?
    let modals: [HTMLNode]
    let alertDialogs: [HTMLNode]
    let forms: [HTMLNode]
    let title: HTMLNode?
    let tabBar: HTMLNode?
    /// The layer elements (`main`, then the modals), in order.
    let layerElements: [HTMLNode]

    init(document: HTMLNode, status: Int, url: String) {
        self.document = document
        self.status = status
        self.url = url
        // One walk finds every landmark, link and heading; an element's tag is a number, so most
        // cost a comparison.
        var body: HTMLNode?, main: HTMLNode?, title: HTMLNode?, tabBar: HTMLNode?
        var modals: [HTMLNode] = [], alerts: [HTMLNode] = [], forms: [HTMLNode] = []
        var links: [HTMLNode] = [], headings: [HTMLNode] = []
        document.forEachDescendant { element in
            let code = element.tagCode
            switch code {
            case TagCode.a, TagCode.area: if element.has(AttributeCode.href) && !element.isHidden { links.append(element) }
            case TagCode.body: if body == nil { body = element }
            case TagCode.title: if title == nil { title = element }
            case TagCode.main: if main == nil && !element.isHidden { main = element }
            case TagCode.form: if !element.isHidden { forms.append(element) }
            case TagCode.nav: if tabBar == nil && Landmark.isTabBar(element) && !element.isHidden { tabBar = element }
            case TagCode.dialog: if Landmark.isModalLayer(element) && !element.isHidden { modals.append(element) }
            default: break
            }
            // `role` is a flag of the element's record: most elements cost this one test.
            let hasRole = element.has(AttributeCode.role)
            if hasRole && Landmark.isAlert(element) && !element.isHidden { alerts.append(element) }
            if (code >= TagCode.h1 && code <= TagCode.h6) || hasRole, element.isHeading && !element.isHidden {
                headings.append(element)
            }
        }
        linkElements = links
        headingElements = headings
        self.body = body
        self.main = main
        self.title = title
        self.tabBar = tabBar
        self.modals = modals
        self.alertDialogs = alerts
        self.forms = forms
        layerElements = (main.map { [$0] } ?? []) + modals
    }

    func read() -> PageState {
        var state = PageState(
            status: status, url: url,
            title: title?.text ?? "",
            screen: body?[AttributeCode.dataScreen], baseScreen: main?[AttributeCode.dataScreen])
        state.tabs = tabs()
        state.layers = (main.map { [baseLayer($0)] } ?? []) + modals.map(modalLayer)
        state.alerts = alertDialogs.map { alert($0) }
        state.links = linkElements.compactMap(link)
        state.forms = forms.map(form)
        state.headings = headingElements.compactMap(heading)
        let top = alertDialogs.last ?? modals.last ?? main ?? body ?? document
        state.text = top.visibleText(excluding: nil)
        return state
    }

    // MARK: - Landmarks

    private func tabs() -> [PageState.Tab] {
        guard let bar = tabBar else { return [] }
        return bar.all { $0.tagCode == TagCode.a && $0.has(AttributeCode.href) && !$0.isHidden }.map {
            PageState.Tab(label: $0.accessibleName, href: $0[AttributeCode.href] ?? "", selected: $0.attribute(AttributeCode.ariaCurrent, is: "page"),
                          requiresSignIn: $0.hasClass("tab-locked"))
        }
    }

    private func breadcrumb(in layer: HTMLNode) -> [PageState.Crumb] {
        guard let nav = layer.first(where: { Landmark.isBreadcrumb($0) && !$0.isHidden }) else { return [] }
        return nav.all { $0.tagCode == TagCode.li && !$0.isHidden }.map { item in
            let link = item.has(AttributeCode.ariaCurrent) ? nil : item.first { $0.tagCode == TagCode.a && $0.has(AttributeCode.href) }
            return PageState.Crumb(label: item.visibleText(excluding: nil), href: link?[AttributeCode.href])
        }
    }

    private func baseLayer(_ main: HTMLNode) -> PageState.Layer {
        let crumbs = breadcrumb(in: main)
        let title = crumbs.last?.label
            ?? main.first { $0.tagCode == TagCode.h1 && !$0.isHidden }?.accessibleName
        return PageState.Layer(screen: main[AttributeCode.dataScreen], kind: .base, style: nil, title: title,
                               breadcrumb: crumbs, dismiss: nil)
    }

    private func modalLayer(_ dialog: HTMLNode) -> PageState.Layer {
        let style: String? =
            if dialog.hasClass("modal-sheet-medium") { "sheet-medium" }
            else if dialog.hasClass("modal-sheet") { "sheet" }
            else if dialog.hasClass("modal-full") { "full-screen-cover" }
            else if dialog.hasClass("modal-centered") { "centered" }
            else { nil }
        let name = dialog.accessibleName
        let dismiss = dialog[AttributeCode.dataDismiss]
            ?? dialog.first(where: Landmark.isDismissLink)?[AttributeCode.href]
        return PageState.Layer(screen: dialog[AttributeCode.dataScreen], kind: .modal, style: style,
                               title: name.isEmpty ? nil : name, breadcrumb: breadcrumb(in: dialog), dismiss: dismiss)
    }

    private func alert(_ dialog: HTMLNode) -> PageState.Alert {
        let message = dialog[AttributeCode.ariaDescribedby].map { describedBy($0, in: dialog) }
        var actions: [PageState.AlertAction] = []
        for element in dialog.descendants where !element.isHidden {
            let role = element.hasClass("button-destructive") ? "destructive" : element.hasClass("button-cancel") ? "cancel" : "default"
            if element.tagCode == TagCode.a, let href = element[AttributeCode.href] {
                actions.append(PageState.AlertAction(label: element.accessibleName, kind: .link, role: role, href: href, form: nil))
            } else if element.isSubmitButton {
                let form = element.enclosing(TagCode.form).flatMap { form in forms.firstIndex(of: form) }
                actions.append(PageState.AlertAction(label: element.accessibleName, kind: .button, role: role, href: nil, form: form))
            }
        }
        return PageState.Alert(
            kind: dialog.hasClass("alert-confirmation") ? "confirmation-dialog" : "alert",
            title: dialog.accessibleName, message: message.flatMap { $0.isEmpty ? nil : $0 },
            actions: actions, dismiss: dialog[AttributeCode.dataDismiss])
    }

    // MARK: - Links, headings, forms

    private func link(_ element: HTMLNode) -> PageState.Link? {
        guard element.tagCode == TagCode.a || element.tagCode == TagCode.area, !element.isHidden,
              let href = element[AttributeCode.href] else { return nil }
        let place = owner(of: element)
        let current = element.has(AttributeCode.ariaCurrent) && !element.attribute(AttributeCode.ariaCurrent, is: "false")
        return PageState.Link(name: element.accessibleName, href: href, rel: element[AttributeCode.rel], current: current,
                              layer: place.layer, alert: place.alert)
    }

    private func heading(_ element: HTMLNode) -> PageState.Heading? {
        guard element.isHeading, !element.isHidden else { return nil }
        return PageState.Heading(level: element.headingLevel ?? 2, text: element.accessibleName)
    }

    private func form(_ form: HTMLNode) -> PageState.Form {
        let place = owner(of: form)
        let action = form[AttributeCode.action].flatMap { $0.isEmpty ? nil : $0 } ?? url
        let method = (form[AttributeCode.method]?.lowercased()).flatMap { $0 == "post" || $0 == "dialog" ? $0 : nil } ?? "get"
        let enctype = form[AttributeCode.enctype]?.lowercased() == "multipart/form-data"
            ? "multipart/form-data" : "application/x-www-form-urlencoded"
        var fields: [PageState.Field] = []
        var buttons: [PageState.Button] = []
        var errors: [String] = []
        for element in form.descendants {
            if element.isSubmitButton {
                guard !element.isHidden else { continue }
                buttons.append(PageState.Button(
                    label: element.accessibleName, name: element[AttributeCode.name].flatMap { $0.isEmpty ? nil : $0 },
                    value: element[AttributeCode.value], formaction: element[AttributeCode.formaction],
                    formmethod: element[AttributeCode.formmethod]?.lowercased(), disabled: element.isDisabled))
            } else if let field = field(element) {
                fields.append(field)
            } else if element.explicitRole == "alert", !element.isHidden {
                let text = element.visibleText(excluding: nil)
                if !text.isEmpty { errors.append(text) }
            }
        }
        return PageState.Form(action: action, method: method, enctype: enctype, layer: place.layer, alert: place.alert,
                              fields: fields, buttons: buttons, errors: errors)
    }

    private func field(_ element: HTMLNode) -> PageState.Field? {
        let code = element.tagCode
        guard code == TagCode.input || code == TagCode.textarea || code == TagCode.select,
              let name = element[AttributeCode.name], !name.isEmpty else { return nil }
        let type: String
        var value: String?
        var checked: Bool?
        var options: [PageState.Option]?
        switch code {
        case TagCode.input:
            type = element.inputType
            switch type {
            case "submit", "image", "button", "reset": return nil
            case "checkbox", "radio":
                checked = element.has(AttributeCode.checked)
                value = element[AttributeCode.value] ?? "on"
            default:
                value = element[AttributeCode.value] ?? ""
            }
        case TagCode.textarea:
            type = "textarea"
            var raw = element.children.map(\.textValue).joined()
            if raw.hasPrefix("\n") { raw.removeFirst() }   // the newline after <textarea> is not part of the value
            value = raw
        case TagCode.select:
            let multiple = element.has(AttributeCode.multiple)
            type = multiple ? "select-multiple" : "select"
            options = self.options(of: element, multiple: multiple)
        default:
            return nil
        }
        let hidden = element.isHidden
        let label = hidden ? "" : element.accessibleName
        var error: String?
        if element.attribute(AttributeCode.ariaInvalid, is: "true"), let ids = element[AttributeCode.ariaDescribedby] {
            let text = describedBy(ids, in: document)
            if !text.isEmpty { error = text }
        }
        return PageState.Field(
            name: name, label: label.isEmpty ? nil : label, type: type, value: value, checked: checked,
            disabled: element.isDisabled, required: element.has(AttributeCode.required) || element.attribute(AttributeCode.ariaRequired, is: "true"),
            error: error, options: options, rules: rules(of: element))
    }

    /// The HTML constraints a field's rules list, by name and code.
    private static let constraints: [(String, UInt16)] = [
        ("required", AttributeCode.required), ("minlength", AttributeCode.minlength), ("maxlength", AttributeCode.maxlength),
        ("min", AttributeCode.min), ("max", AttributeCode.max), ("step", AttributeCode.step),
        ("pattern", AttributeCode.pattern), ("accept", AttributeCode.accept),
    ]

    /// The field's HTML constraints and the server-only rules a typed form lists in `data-rules`.
    private func rules(of element: HTMLNode) -> [String: String] {
        var rules: [String: String] = [:]
        for (name, code) in Self.constraints {
            if let value = element[code] { rules[name] = value }
        }
        for token in (element[AttributeCode.dataRules] ?? "").split(separator: " ") {
            let parts = token.split(separator: "=", maxSplits: 1)
            rules[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return rules
    }

    private func options(of select: HTMLNode, multiple: Bool) -> [PageState.Option] {
        var options = select.all { $0.tagCode == TagCode.option }.map { option in
            let text = option.text
            let disabled = option.has(AttributeCode.disabled) || option.enclosing(TagCode.optgroup)?.has(AttributeCode.disabled) == true
            return PageState.Option(label: option[AttributeCode.label] ?? text, value: option[AttributeCode.value] ?? text,
                                    selected: option.has(AttributeCode.selected), disabled: disabled)
        }
        // A single select with nothing marked shows, and sends, its first enabled option.
        if !multiple, !options.contains(where: \.selected), let first = options.firstIndex(where: { !$0.disabled }) {
            options[first].selected = true
        }
        return options
    }

    // MARK: - Places

    /// Where an element sits: the layer or alert around it, if any.
    enum Place: Equatable {
        case none
        case layer(Int)
        case alert(Int)

        var layer: Int? { if case .layer(let index) = self { index } else { nil } }
        var alert: Int? { if case .alert(let index) = self { index } else { nil } }
    }

    /// The innermost layer or alert around the element: of those holding it, the one that
    /// starts last in the page (containment is a range check in the flat document).
    private func owner(of element: HTMLNode) -> Place {
        var place = Place.none
        var innermost: HTMLNode?
        func consider(_ candidate: HTMLNode, _ found: Place) {
            guard element.isInside(candidate), innermost.map({ candidate.isInside($0) }) ?? true else { return }
            innermost = candidate
            place = found
        }
        for (index, layer) in layerElements.enumerated() { consider(layer, .layer(index)) }
        for (index, alert) in alertDialogs.enumerated() { consider(alert, .alert(index)) }
        return place
    }

    /// The visible text of the elements an `aria-describedby` list names.
    /// A `field-error` among them is the message; a hint beside it is not.
    private func describedBy(_ ids: String, in root: HTMLNode) -> String {
        let elements = ids.split(separator: " ").compactMap { root.element(withID: String($0)) }
        let errors = elements.filter { $0.hasClass("field-error") }
        return (errors.isEmpty ? elements : errors).compactMap { $0.visibleText(excluding: nil) }
            .joined(separator: " ").collapsingWhitespace
    }
}
