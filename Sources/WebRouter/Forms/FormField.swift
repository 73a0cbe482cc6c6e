import WebRouterHTML
/// A labelled form input with its validation message, accessible by default
/// (`aria-invalid`, `aria-describedby`). Usually made by `router.field(…)`.
/// ```swift
/// FormField(name: "email", label: "E-mail", type: "email", value: nil, error: "Enter an e-mail address.")
/// ```
public struct FormField: HTML {
    /// The input's `name`, the key of its value in the submitted form; the field's `id` is `field-<name>`.
    public var name: String
    /// The visible `<label>` text.
    public var label: String
    /// The input's `type` (`text`, `email`, `password`, `number`, …).
    public var type: String
    /// The value the input shows (the submitted one, after a failed validation); `nil` leaves it empty.
    public var value: String?
    /// The validation message shown under the input and linked by `aria-describedby`; `nil` when valid.
    public var error: String?
    /// Extra attributes of the `<input>` (`required`, `autocomplete`, `min`, …), after the field's own.
    public var attributes: [HTMLAttribute]

    /// A field named `name`, labelled `label`: a text input, empty and valid unless told otherwise.
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
    /// The messages, in order; none renders nothing.
    public var messages: [String]
    /// A summary of `messages`.
    public init(messages: [String]) { self.messages = messages }

    public func render(into output: inout HTMLOutput) {
        guard !messages.isEmpty else { return }
        div(.class("form-errors"), .role("alert")) {
            ul { for message in messages { li { message } } }
        }.render(into: &output)
    }
}
