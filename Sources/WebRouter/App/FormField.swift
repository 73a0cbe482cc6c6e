/// A labelled form input with its validation message, accessible by default
/// (`aria-invalid`, `aria-describedby`). Usually made by `router.field(…)`.
/// ```swift
/// FormField(name: "email", label: "E-mail", type: "email", value: nil, error: "Enter an e-mail address.")
/// ```
public struct FormField: HTML {
    public var name: String
    public var label: String
    public var type: String
    public var value: String?
    public var error: String?
    public var attributes: [HTMLAttribute]

    public init(name: String, label: String, type: String = "text", value: String? = nil,
                error: String? = nil, attributes: [HTMLAttribute] = []) {
        self.name = name
        self.label = label
        self.type = type
        self.value = value
        self.error = error
        self.attributes = attributes
    }

    public func render(into output: inout HTMLOutput) {
        let id = "field-" + name
        var inputAttributes: [HTMLAttribute] = [.id(id), .name(name), .type(type)]
        if let value { inputAttributes.append(.value(value)) }
        if error != nil {
            inputAttributes.append(.aria("invalid", "true"))
            inputAttributes.append(.aria("describedby", id + "-error"))
        }
        inputAttributes += attributes
        let field = div(.class(error == nil ? "field" : "field field-invalid")) {
            HTMLElement<HTMLTag.label, String>(.for(id)) { label }
            input(inputAttributes)
            if let error {
                p(.class("field-error"), .id(id + "-error")) { error }
            }
        }
        field.render(into: &output)
    }
}

/// The summary of a form's general validation messages, announced to screen readers
/// (`role="alert"`); renders nothing when there is none.
public struct FormErrorSummary: HTML {
    public var messages: [String]
    public init(messages: [String]) { self.messages = messages }

    public func render(into output: inout HTMLOutput) {
        guard !messages.isEmpty else { return }
        div(.class("form-errors"), .role("alert")) {
            ul { for message in messages { li { message } } }
        }.render(into: &output)
    }
}
