import WebRouterHTML

/// The fields of a typed form as HTML, accessible by default: each with its `<label>` (a
/// group's `<legend>`), hint, the HTML constraints of its rules, and, after a failed
/// submission, what the person typed, `aria-invalid` and the message linked by
/// `aria-describedby`. Rendered whole, or one field at a time by key path.
/// ```swift
/// router.form(.book, Booking()) { fields in
///     fields[\.checkIn]
///     fields[\.nights]
///     button(.type("submit")) { "Next" }
/// }
/// ```
public struct FormFields<Root: Form>: HTML {
    let fields: [Field<Root>]
    /// The texts each field shows, by name.
    let values: [String: [String]]
    let errors: FormErrors
    /// The field that takes the focus when the page opens (`autofocus`): the first at fault
    /// after a failed submission, else the one ``autofocus(_:)`` names.
    let focus: String?
    /// The request the form is drawn for: options and bounds computed per request read it.
    let request: RequestContext

    init(fields: [Field<Root>], values: [String: [String]], errors: FormErrors, focus: String? = nil, request: RequestContext) {
        self.fields = fields
        self.values = values
        self.errors = errors
        self.request = request
        self.focus = focus ?? fields.first { errors[$0.name] != nil }?.name
    }

    /// The fields of `value` (no messages): a form as first shown.
    init(showing value: Root, request: RequestContext) {
        var values: [String: [String]] = [:]
        let fields = Root.fields
        for field in fields { values[field.name] = field.print(value) }
        self.init(fields: fields, values: values, errors: FormErrors(), request: request)
    }

    /// The fields as submitted, with the submission's messages (passwords and files are
    /// never shown again).
    init(submitted form: FormData, errors: FormErrors, request: RequestContext) {
        var values: [String: [String]] = [:]
        for field in Root.fields {
            switch field.control {
            case .input("password"), .file: values[field.name] = []
            default: values[field.name] = form.values(for: field.name)
            }
        }
        self.init(fields: Root.fields, values: values, errors: errors, request: request)
    }

    /// Only the field at `keyPath`, to lay fields out one by one.
    public subscript(_ keyPath: PartialKeyPath<Root>) -> FormFields {
        FormFields(fields: fields.filter { $0.keyPath == keyPath }, values: values, errors: errors, focus: focus, request: request)
    }

    /// Every field but those at `keyPaths`.
    public func except(_ keyPaths: PartialKeyPath<Root>...) -> FormFields {
        FormFields(fields: fields.filter { !keyPaths.contains($0.keyPath) }, values: values, errors: errors, focus: focus, request: request)
    }

    /// The fields with the focus in the field at `keyPath` when the page opens (unless a
    /// failed submission puts it in the first field at fault).
    /// ```swift
    /// router.form(.signIn, SignIn()) { fields in fields.autofocus(\.username); button(.type("submit")) { "Sign in" } }
    /// ```
    public func autofocus(_ keyPath: PartialKeyPath<Root>) -> FormFields {
        let named = fields.first { $0.keyPath == keyPath }?.name
        let firstInvalid = fields.first { errors[$0.name] != nil }?.name
        return FormFields(fields: fields, values: values, errors: errors, focus: firstInvalid ?? named, request: request)
    }

    public func render(into output: inout HTMLOutput) {
        for field in fields {
            FieldRenderer(field: field, rules: field.rules(for: request), values: values[field.name] ?? [], error: errors[field.name],
                          focused: focus == field.name, request: request)
                .render(into: &output)
        }
    }
}

/// Writes one field straight into the page (fields are on many pages: no element values).
struct FieldRenderer<Root: Form> {
    let field: Field<Root>
    /// The field's rules as they stand for the request.
    let rules: [RuleSummary]
    let values: [String]
    let error: String?
    let focused: Bool
    let request: RequestContext

    var id: String { "field-" + field.name }

    func render(into output: inout HTMLOutput) {
        if case .hidden = field.control {
            output.appendRaw("<input type=\"hidden\"")
            attribute("name", field.name, &output)
            attribute("value", values.first ?? "", &output)
            output.appendRaw(">")
            return
        }
        let isGroup = field.control == .radios || field.control == .checkboxes
        output.appendRaw(isGroup ? "<fieldset" : "<div")
        attribute("class", classes, &output)
        if isGroup { attribute("id", id, &output) }
        output.appendRaw(">")
        switch field.control {
        case .radios, .checkboxes:
            output.appendRaw("<legend>")
            output.appendEscapedText(field.label)
            output.appendRaw("</legend>")
            hint(&output)
            let isRadio = field.control == .radios
            for option in field.options?(request) ?? [] {
                output.appendRaw("<label><input")
                attribute("type", isRadio ? "radio" : "checkbox", &output)
                attribute("name", field.name, &output)
                attribute("value", option.value, &output)
                if values.contains(option.value) { output.appendRaw(" checked") }
                if isRadio { constraints(&output) } else { serverRules(&output) }
                invalid(&output, describing: true)
                output.appendRaw("> ")
                output.appendEscapedText(option.title)
                output.appendRaw("</label>")
            }
        case .checkbox:
            output.appendRaw("<input type=\"checkbox\"")
            attribute("id", id, &output)
            attribute("name", field.name, &output)
            if !(values.first ?? "").isEmpty { output.appendRaw(" checked") }
            constraints(&output)
            invalid(&output, describing: true)
            output.appendRaw("> ")
            label(&output)
            hint(&output)
        default:
            label(&output)
            hint(&output)
            control(&output)
        }
        if let error {
            output.appendRaw("<p class=\"field-error\"")
            attribute("id", id + "-error", &output)
            output.appendRaw(">")
            output.appendEscapedText(error)
            output.appendRaw("</p>")
        }
        output.appendRaw(isGroup ? "</fieldset>" : "</div>")
    }

    private var classes: String {
        var classes = "field"
        switch field.control {
        case .checkbox: classes += " field-checkbox"
        case .radios, .checkboxes: classes += " field-group"
        default: break
        }
        if error != nil { classes += " field-invalid" }
        return classes
    }

    private func control(_ output: inout HTMLOutput) {
        switch field.control {
        case .input(let type):
            output.appendRaw("<input")
            common(type: type, &output)
            if let value = values.first, !value.isEmpty { attribute("value", value, &output) }
            output.appendRaw(">")
        case .file:
            output.appendRaw("<input")
            common(type: "file", &output)
            output.appendRaw(">")
        case .textarea:
            output.appendRaw("<textarea")
            common(type: nil, &output)
            // A newline right after the tag is dropped by parsers: one keeps a leading one.
            output.appendRaw(">\n")
            output.appendEscapedText(values.first ?? "")
            output.appendRaw("</textarea>")
        case .select:
            output.appendRaw("<select")
            common(type: nil, &output)
            output.appendRaw(">")
            let current = values.first ?? ""
            for option in field.options?(request) ?? [] {
                output.appendRaw("<option")
                attribute("value", option.value, &output)
                if option.value == current { output.appendRaw(" selected") }
                output.appendRaw(">")
                output.appendEscapedText(option.title)
                output.appendRaw("</option>")
            }
            output.appendRaw("</select>")
        case .hidden, .checkbox, .radios, .checkboxes:
            break
        }
    }

    private func common(type: String?, _ output: inout HTMLOutput) {
        attribute("id", id, &output)
        attribute("name", field.name, &output)
        if let type { attribute("type", type, &output) }
        if case .input(let type) = field.control {
            switch type {
            case "number":
                let fractional = rules.contains { $0.name == "step" && ($0.parameter == "any" || $0.parameter?.contains(".") == true) }
                attribute("inputmode", fractional ? "decimal" : "numeric", &output)
            default: break
            }
        }
        if let autocomplete = field.autocomplete { attribute("autocomplete", autocomplete, &output) }
        if focused { output.appendRaw(" autofocus") }
        constraints(&output)
        invalid(&output, describing: true)
    }

    /// The HTML attributes of the field's rules, then the names of the rules only the
    /// server checks (`data-rules`), for the page state and the test kit.
    private func constraints(_ output: inout HTMLOutput) {
        for rule in rules {
            for (name, value) in rule.attributes {
                if let value { attribute(name, value, &output) } else { output.appendRaw(" "); output.appendRaw(name) }
            }
        }
        serverRules(&output)
    }

    private func serverRules(_ output: inout HTMLOutput) {
        let serverOnly = rules.filter { $0.attributes.isEmpty }
        guard !serverOnly.isEmpty else { return }
        attribute("data-rules", serverOnly.map { rule in rule.parameter.map { rule.name + "=" + $0 } ?? rule.name }.joined(separator: " "), &output)
    }

    private func invalid(_ output: inout HTMLOutput, describing: Bool) {
        if error != nil { output.appendRaw(" aria-invalid=\"true\"") }
        if describing { describedBy(&output) }
    }

    private func describedBy(_ output: inout HTMLOutput) {
        var ids: [String] = []
        if field.hint != nil { ids.append(id + "-hint") }
        if error != nil { ids.append(id + "-error") }
        if !ids.isEmpty { attribute("aria-describedby", ids.joined(separator: " "), &output) }
    }

    private func label(_ output: inout HTMLOutput) {
        output.appendRaw("<label")
        attribute("for", id, &output)
        output.appendRaw(">")
        output.appendEscapedText(field.label)
        output.appendRaw("</label>")
    }

    private func hint(_ output: inout HTMLOutput) {
        guard let hint = field.hint else { return }
        output.appendRaw("<p class=\"field-hint\"")
        attribute("id", id + "-hint", &output)
        output.appendRaw(">")
        output.appendEscapedText(hint)
        output.appendRaw("</p>")
    }

    private func attribute(_ name: String, _ value: String, _ output: inout HTMLOutput) {
        output.appendRaw(" ")
        output.appendRaw(name)
        output.appendRaw("=\"")
        output.appendEscapedAttribute(value)
        output.appendRaw("\"")
    }
}
