import WebRouterHTML
extension PageState {
    /// A visible form: where it posts, its fields (hidden ones included: a client must send
    /// them, the CSRF token first of all) and its submit buttons.
    /// ```swift
    /// let form = state.forms.first { $0.buttons.contains { $0.label == "Sign in" } }
    /// form?.fields.first { $0.name == "_csrf" }?.value   // the token to send back
    /// ```
    public struct Form: Codable, Sendable, Equatable {
        /// Where the form submits: its `action`, or the page's URL when it has none.
        public var action: String
        /// `get` or `post`, lowercased (`get` when the form says nothing).
        public var method: String
        /// How the body is encoded: `application/x-www-form-urlencoded` unless the form says
        /// `multipart/form-data`.
        public var enctype: String
        /// The index in ``PageState/layers`` of the layer holding the form; `nil` outside any
        /// layer and inside alerts.
        public var layer: Int?
        /// The index in ``PageState/alerts`` of the alert holding the form, if any.
        public var alert: Int?
        /// The named controls, in document order: inputs (hidden ones included), selects and textareas.
        public var fields: [Field]
        /// The submit buttons, in document order.
        public var buttons: [Button]
        /// The form's general validation messages (`role="alert"` inside it), in order.
        public var errors: [String]

        /// A form of the given parts.
        /// ```swift
        /// PageState.Form(action: "/welcome/~login", method: "post",
        ///                enctype: "application/x-www-form-urlencoded", layer: 1, alert: nil,
        ///                fields: [], buttons: [], errors: [])
        /// ```
        public init(
            action: String, method: String, enctype: String, layer: Int?, alert: Int?,
            fields: [Field], buttons: [Button], errors: [String]
        ) {
            self.action = action
            self.method = method
            self.enctype = enctype
            self.layer = layer
            self.alert = alert
            self.fields = fields
            self.buttons = buttons
            self.errors = errors
        }

        /// The screen action the form runs: its `_action` field, else the value of its first
        /// enabled submit button named `_action`; `nil` for a form that runs none (a search).
        /// ```swift
        /// state.forms.first { $0.actionName == "sign-in" }?.action   // "/welcome/~login"
        /// ```
        public var actionName: String? {
            fields.first { $0.name == ActionForm.actionField }?.value
                ?? buttons.first { $0.name == ActionForm.actionField && !$0.disabled }?.value
        }

        /// The value of the first field named `name` (a select's selected option), or `nil`
        /// when the form has no such field.
        /// ```swift
        /// let token = state.forms[0]["_csrf"]   // the CSRF token to send back
        /// ```
        public subscript(name: String) -> String? {
            guard let field = fields.first(where: { $0.name == name }) else { return nil }
            return field.value ?? field.options?.first(where: \.selected)?.value
        }

        private enum CodingKeys: String, CodingKey { case action, method, enctype, layer, alert, fields, buttons, errors }

        /// Writes every key, `null` for what is absent.
        /// ```swift
        /// try JSONEncoder().encode(form)   // {"action":"/welcome/~login","alert":null,…}
        /// ```
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(action, forKey: .action)
            try container.encode(method, forKey: .method)
            try container.encode(enctype, forKey: .enctype)
            try container.encode(layer, forKey: .layer)
            try container.encode(alert, forKey: .alert)
            try container.encode(fields, forKey: .fields)
            try container.encode(buttons, forKey: .buttons)
            try container.encode(errors, forKey: .errors)
        }
    }

    /// A named control of a form: an `<input>`, `<select>` or `<textarea>`.
    /// ```swift
    /// PageState.Field(name: "username", label: "Username", type: "text", value: "",
    ///                 checked: nil, disabled: false, required: true, error: nil, options: nil)
    /// ```
    public struct Field: Codable, Sendable, Equatable {
        /// The name the value is sent under.
        public var name: String
        /// The accessible name (its `<label>`, `aria-label`…); `nil` for a hidden input or an
        /// unlabelled control.
        public var label: String?
        /// The input's `type` (`text`, `password`, `hidden`, `checkbox`…), or `select`,
        /// `select-multiple` or `textarea`.
        public var type: String
        /// The current value: the `value` attribute, a textarea's text; `nil` for a select
        /// (see ``options``).
        public var value: String?
        /// Whether a checkbox or radio button is ticked; `nil` for other controls.
        public var checked: Bool?
        /// Whether the control is disabled (itself or by its fieldset): it is not sent.
        public var disabled: Bool
        /// Whether the control is `required`.
        public var required: Bool
        /// The validation message linked to an `aria-invalid` control, if any.
        public var error: String?
        /// A select's options, in order; `nil` for other controls.
        public var options: [Option]?
        /// The rules the field's value must follow, by name: its HTML constraints (`required`,
        /// `minlength`, `maxlength`, `min`, `max`, `step`, `pattern`, `accept`) and the rules
        /// only the server checks that a typed form lists (`data-rules`: `custom`, `maxSize`…),
        /// each with its parameter (empty when it has none).
        /// ```swift
        /// field.rules   // ["required": "", "min": "1", "max": "30"]
        /// ```
        public var rules: [String: String]

        /// A field of the given parts.
        /// ```swift
        /// PageState.Field(name: "_csrf", label: nil, type: "hidden", value: token,
        ///                 checked: nil, disabled: false, required: false, error: nil, options: nil)
        /// ```
        public init(
            name: String, label: String?, type: String, value: String?, checked: Bool?,
            disabled: Bool, required: Bool, error: String?, options: [Option]?, rules: [String: String] = [:]
        ) {
            self.rules = rules
            self.name = name
            self.label = label
            self.type = type
            self.value = value
            self.checked = checked
            self.disabled = disabled
            self.required = required
            self.error = error
            self.options = options
        }

        private enum CodingKeys: String, CodingKey { case name, label, type, value, checked, disabled, required, error, options, rules }

        /// Reads a field; `rules` may be absent (written by an earlier version).
        /// ```swift
        /// let field = try JSONDecoder().decode(PageState.Field.self, from: json)
        /// ```
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                name: try container.decode(String.self, forKey: .name), label: try container.decodeIfPresent(String.self, forKey: .label),
                type: try container.decode(String.self, forKey: .type), value: try container.decodeIfPresent(String.self, forKey: .value),
                checked: try container.decodeIfPresent(Bool.self, forKey: .checked), disabled: try container.decode(Bool.self, forKey: .disabled),
                required: try container.decode(Bool.self, forKey: .required), error: try container.decodeIfPresent(String.self, forKey: .error),
                options: try container.decodeIfPresent([Option].self, forKey: .options),
                rules: try container.decodeIfPresent([String: String].self, forKey: .rules) ?? [:])
        }

        /// Writes every key, `null` for what is absent.
        /// ```swift
        /// try JSONEncoder().encode(field)   // {"checked":null,"disabled":false,"error":null,…}
        /// ```
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(label, forKey: .label)
            try container.encode(type, forKey: .type)
            try container.encode(value, forKey: .value)
            try container.encode(checked, forKey: .checked)
            try container.encode(disabled, forKey: .disabled)
            try container.encode(required, forKey: .required)
            try container.encode(error, forKey: .error)
            try container.encode(options, forKey: .options)
            try container.encode(rules, forKey: .rules)
        }
    }

    /// An `<option>` of a select.
    /// ```swift
    /// PageState.Option(label: "Lineups", value: "lineups", selected: true, disabled: false)
    /// ```
    public struct Option: Codable, Sendable, Equatable {
        /// The text a person picks.
        public var label: String
        /// The value sent (the text when the option has no `value`).
        public var value: String
        /// Whether it is selected.
        public var selected: Bool
        /// Whether it is disabled (itself or by its `<optgroup>`).
        public var disabled: Bool

        /// An option of the given parts.
        /// ```swift
        /// PageState.Option(label: "Summary", value: "summary", selected: false, disabled: false)
        /// ```
        public init(label: String, value: String, selected: Bool, disabled: Bool) {
            self.label = label
            self.value = value
            self.selected = selected
            self.disabled = disabled
        }
    }

    /// A submit button of a form: press it by posting the form's fields plus its own
    /// ``name`` and ``value``, to its ``formaction`` (else the form's action).
    /// ```swift
    /// PageState.Button(label: "Sign in", name: "_action", value: "sign-in",
    ///                  formaction: nil, formmethod: nil, disabled: false)
    /// ```
    public struct Button: Codable, Sendable, Equatable {
        /// The button's accessible name.
        public var label: String
        /// The name it is sent under, if it has one.
        public var name: String?
        /// The value sent with ``name``.
        public var value: String?
        /// Where it submits instead of the form's action, if it says so.
        public var formaction: String?
        /// The method it submits with instead of the form's, lowercased, if it says so.
        public var formmethod: String?
        /// Whether the button is disabled.
        public var disabled: Bool

        /// A button of the given parts.
        /// ```swift
        /// PageState.Button(label: "Delete", name: "_value", value: "7",
        ///                  formaction: "/notes/7", formmethod: nil, disabled: false)
        /// ```
        public init(label: String, name: String?, value: String?, formaction: String?, formmethod: String?, disabled: Bool) {
            self.label = label
            self.name = name
            self.value = value
            self.formaction = formaction
            self.formmethod = formmethod
            self.disabled = disabled
        }

        private enum CodingKeys: String, CodingKey { case label, name, value, formaction, formmethod, disabled }

        /// Writes every key, `null` for what is absent.
        /// ```swift
        /// try JSONEncoder().encode(button)   // {"disabled":false,"formaction":null,…}
        /// ```
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(label, forKey: .label)
            try container.encode(name, forKey: .name)
            try container.encode(value, forKey: .value)
            try container.encode(formaction, forKey: .formaction)
            try container.encode(formmethod, forKey: .formmethod)
            try container.encode(disabled, forKey: .disabled)
        }
    }
}
