public import Foundation

extension Field {
    /// The kinds of one-line text field: each prints its `type` (and the keyboard a phone shows).
    public enum TextKind: String, Sendable {
        /// `type="text"`.
        case text
        /// `type="email"`: the server checks the address's form as a browser does.
        case email
        /// `type="password"`: never trimmed, never shown again after a failed submission.
        case password
        /// `type="search"`.
        case search
        /// `type="url"`: a web address, `http://` or `https://` with a host (any absolute URL
        /// with ``TextAllowance/otherURLSchemes``: `mailto:`, `javascript:` and `data:` are
        /// refused by default).
        case url
        /// `type="tel"`.
        case telephone = "tel"
    }

    /// How a choice is offered.
    public enum ChoiceStyle: Sendable {
        /// A `<select>`.
        case select
        /// Radio buttons in a `<fieldset>` whose legend is the label.
        case radios
    }

    /// A one-line text field (`String`, or `String?` that is `nil` when empty), trimmed. It
    /// refuses control characters and bidirectional controls, and a `.url` field anything
    /// but an `http`/`https` address with a host, unless `allowing` says otherwise.
    /// ```swift
    /// .text("email", \.email, label: "E-mail", type: .email, autocomplete: "email", .required())
    /// ```
    public static func text<Value: FormFieldValue>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, label: String, hint: String? = nil,
        type: TextKind = .text, autocomplete: String? = nil, allowing: TextAllowance = [], _ rules: FieldRule<String>...
    ) -> Field where Value.Scalar == String {
        let malformed: String? = switch type {
        case .email: "Enter an e-mail address, like name@example.com."
        case .url: "Enter a web address, like https://example.com."
        default: nil
        }
        let anyScheme = allowing.contains(.otherURLSchemes)
        return scalar(name, keyPath, label: label, hint: hint, control: .input(type.rawValue), autocomplete: autocomplete,
                      trims: type != .password, rules: rules, malformed: malformed ?? "",
                      screen: { FieldText.problem(in: $0, allowing: allowing, multiline: false) }) { text in
            switch type {
            case .email: EmailAddress.isValid(text) ? text : nil
            case .url: (anyScheme ? URLText.isAbsolute(text) : URLText.isWebAddress(text)) ? text : nil
            default: text
            }
        }
    }

    /// A multi-line text field (`<textarea>`); line breaks arrive as `\n`. Like a one-line
    /// field it refuses control characters (line breaks and tabs are kept) and bidirectional
    /// controls unless `allowing` says otherwise.
    /// ```swift
    /// .multiline("bio", \.bio, label: "About you", .maxLength(500))
    /// ```
    public static func multiline<Value: FormFieldValue>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, label: String, hint: String? = nil,
        autocomplete: String? = nil, allowing: TextAllowance = [], _ rules: FieldRule<String>...
    ) -> Field where Value.Scalar == String {
        scalar(name, keyPath, label: label, hint: hint, control: .textarea, autocomplete: autocomplete, trims: true,
               rules: rules, malformed: "", screen: { FieldText.problem(in: $0, allowing: allowing, multiline: true) }) { $0 }
    }

    /// A whole number (`<input type="number">`).
    /// ```swift
    /// .integer("guests", \.guests, label: "Guests", .range(1...8))
    /// ```
    public static func integer<Value: FormFieldValue>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, label: String, hint: String? = nil,
        autocomplete: String? = nil, _ rules: FieldRule<Int>...
    ) -> Field where Value.Scalar == Int {
        scalar(name, keyPath, label: label, hint: hint, control: .input("number"), autocomplete: autocomplete, trims: true,
               rules: rules, malformed: "Enter a whole number.", parse: Int.init(formText:))
    }

    /// A decimal number (`<input type="number" step="any">`, or the step of a `.step` rule).
    /// ```swift
    /// .decimal("price", \.price, label: "Price", .min(0), .step(Decimal(string: "0.01")!))
    /// ```
    public static func decimal<Value: FormFieldValue>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, label: String, hint: String? = nil,
        autocomplete: String? = nil, _ rules: FieldRule<Decimal>...
    ) -> Field where Value.Scalar == Decimal {
        var all = rules
        if !rules.contains(where: { $0.name == "step" }) {
            all.append(FieldRule(name: "step", parameter: "any", message: "", attribute: ("step", "any")) { _ in true })
        }
        return scalar(name, keyPath, label: label, hint: hint, control: .input("number"), autocomplete: autocomplete, trims: true,
                      rules: all, malformed: "Enter a number.", parse: Decimal.init(formText:))
    }

    /// A calendar day (`<input type="date">`, ``Day``).
    /// ```swift
    /// .date("check_in", \.checkIn, label: "Check-in date", .required(), .min(Day(year: 2030, month: 1, day: 1)!))
    /// ```
    public static func date<Value: FormFieldValue>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, label: String, hint: String? = nil,
        autocomplete: String? = nil, _ rules: FieldRule<Day>...
    ) -> Field where Value.Scalar == Day {
        scalar(name, keyPath, label: label, hint: hint, control: .input("date"), autocomplete: autocomplete, trims: true,
               rules: rules, malformed: "Enter a date, like 2030-05-01.", parse: Day.init(formText:))
    }

    /// A time of day (`<input type="time">`, ``TimeOfDay``).
    /// ```swift
    /// .time("arrival", \.arrival, label: "Arrival time", .range(TimeOfDay(hour: 14, minute: 0)!...TimeOfDay(hour: 22, minute: 0)!))
    /// ```
    public static func time<Value: FormFieldValue>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, label: String, hint: String? = nil,
        autocomplete: String? = nil, _ rules: FieldRule<TimeOfDay>...
    ) -> Field where Value.Scalar == TimeOfDay {
        scalar(name, keyPath, label: label, hint: hint, control: .input("time"), autocomplete: autocomplete, trims: true,
               rules: rules, malformed: "Enter a time, like 09:30.", parse: TimeOfDay.init(formText:))
    }

    /// A day and time (`<input type="datetime-local">`, ``DateTime``).
    /// ```swift
    /// .dateTime("kick_off", \.kickOff, label: "Kick-off", .required())
    /// ```
    public static func dateTime<Value: FormFieldValue>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, label: String, hint: String? = nil,
        autocomplete: String? = nil, _ rules: FieldRule<DateTime>...
    ) -> Field where Value.Scalar == DateTime {
        scalar(name, keyPath, label: label, hint: hint, control: .input("datetime-local"), autocomplete: autocomplete, trims: true,
               rules: rules, malformed: "Enter a date and time, like 2030-05-01 09:30.", parse: DateTime.init(formText:))
    }

    /// A checkbox: ticked is `true`. `.required()` means it must be ticked.
    /// ```swift
    /// .checkbox("terms", \.acceptsTerms, label: "I accept the terms", .required("Accept the terms to go on."))
    /// ```
    public static func checkbox(
        _ name: String, _ keyPath: WritableKeyPath<Root, Bool> & Sendable, label: String, hint: String? = nil,
        _ rules: FieldRule<Bool>...
    ) -> Field {
        Field(name: name, label: label, hint: hint, control: .checkbox, keyPath: keyPath, autocomplete: nil,
              rules: rules.map(RuleSummary.init), options: nil,
              print: { $0[keyPath: keyPath] ? ["on"] : [] }, files: { _ in [] },
              decode: { root, form, request in
                  let ticked = !(form[name] ?? "").isEmpty
                  if !ticked, let required = rules.first(where: { $0.name == "required" }) { return required.message }
                  for rule in rules.map({ $0.resolved(for: request) }) where !rule.check(ticked) { return rule.message }
                  root[keyPath: keyPath] = ticked
                  return nil
              })
    }

    /// A choice among the cases of an enum, as a select or radio buttons.
    /// ```swift
    /// .choice("room", \.room, label: "Room", style: .radios) { $0.rawValue.capitalized }
    /// ```
    public static func choice<Value: URLContext & Equatable & CaseIterable>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, label: String, hint: String? = nil,
        style: ChoiceStyle = .select, _ rules: FieldRule<Value>..., title: @escaping @Sendable (Value) -> String
    ) -> Field {
        choiceField(name, label: label, hint: hint, style: style, keyPath: keyPath, optional: false, rules: rules,
                    options: { _ in Array(Value.allCases) }, title: title,
                    get: { $0[keyPath: keyPath] }, set: { root, value in if let value { root[keyPath: keyPath] = value } })
    }

    /// An optional choice among the cases of an enum: `nil` until one is chosen (a select
    /// starts with an empty "Choose…" option).
    public static func choice<Value: URLContext & Equatable & CaseIterable>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value?> & Sendable, label: String, hint: String? = nil,
        style: ChoiceStyle = .select, _ rules: FieldRule<Value>..., title: @escaping @Sendable (Value) -> String
    ) -> Field {
        choiceField(name, label: label, hint: hint, style: style, keyPath: keyPath, optional: true, rules: rules,
                    options: { _ in Array(Value.allCases) }, title: title,
                    get: { $0[keyPath: keyPath] }, set: { root, value in root[keyPath: keyPath] = value })
    }

    /// An optional choice among values known when the page is drawn (ids from a table):
    /// `options` lists them in order; a submitted value not among them is refused.
    /// ```swift
    /// .choice("team", \.teamID, label: "Favourite team", options: { store.teams.map(\.id) }) { store.teamName($0) }
    /// ```
    /// `emptyTitle` names a select's empty first option (`nil`).
    public static func choice<Value: URLContext & Equatable>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value?> & Sendable, label: String, hint: String? = nil,
        style: ChoiceStyle = .select, emptyTitle: String = "Choose…", _ rules: FieldRule<Value>...,
        options: @escaping @Sendable () -> [Value], title: @escaping @Sendable (Value) -> String
    ) -> Field {
        choiceField(name, label: label, hint: hint, style: style, keyPath: keyPath, optional: true, emptyTitle: emptyTitle,
                    rules: rules, options: { _ in options() }, title: title,
                    get: { $0[keyPath: keyPath] }, set: { root, value in root[keyPath: keyPath] = value })
    }

    /// An optional choice among values computed for each request: the day's free slots, the
    /// rooms the query's hotel has, the signed-in person's teams. `options` is asked when
    /// the form is drawn and again when it is submitted, with that request: a submitted value
    /// not among the options of the request that submits it is refused with "Choose from the
    /// list." (a `422` with the form), even when an earlier page offered it.
    /// ```swift
    /// .choice("room", \.room, label: "Room", options: { request in
    ///     request.query["hotel"] == "harbour" ? [.single, .double] : RoomKind.allCases
    /// }) { $0.rawValue.capitalized }
    /// ```
    /// The closure reads ``RequestContext/query``, ``RequestContext/session`` and
    /// ``RequestContext/today``; it runs on every render and submission, so keep it quick
    /// (read what a screen loaded from a store, not the store).
    public static func choice<Value: URLContext & Equatable>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value?> & Sendable, label: String, hint: String? = nil,
        style: ChoiceStyle = .select, emptyTitle: String = "Choose…", _ rules: FieldRule<Value>...,
        options: @escaping @Sendable (RequestContext) -> [Value], title: @escaping @Sendable (Value) -> String
    ) -> Field {
        choiceField(name, label: label, hint: hint, style: style, keyPath: keyPath, optional: true, emptyTitle: emptyTitle,
                    rules: rules, options: options, title: title,
                    get: { $0[keyPath: keyPath] }, set: { root, value in root[keyPath: keyPath] = value })
    }

    /// Several choices among the cases of an enum, as checkboxes in a `<fieldset>`.
    /// `.required()` asks for at least one (checked by the server: HTML cannot say it).
    /// ```swift
    /// .choices("kind", \.kinds, label: "Look for") { $0.label }
    /// ```
    public static func choices<Value: URLContext & Hashable & CaseIterable>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Set<Value>> & Sendable, label: String, hint: String? = nil,
        _ rules: FieldRule<Set<Value>>..., title: @escaping @Sendable (Value) -> String
    ) -> Field {
        let all = Array(Value.allCases)
        return choicesField(name, keyPath, label: label, hint: hint, rules: rules, options: { _ in all }, title: title,
                            printed: { chosen in all.filter(chosen.contains).map(QueryValue.encode) })
    }

    /// Several choices among values computed for each request, as checkboxes: like a single
    /// choice whose options are computed per request, a submitted value not among the options
    /// of the request that submits it is refused.
    /// ```swift
    /// .choices("extras", \.extras, label: "Extras", options: { $0.session["member"] == nil ? [.breakfast] : Extra.allCases }) { $0.label }
    /// ```
    public static func choices<Value: URLContext & Hashable>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Set<Value>> & Sendable, label: String, hint: String? = nil,
        _ rules: FieldRule<Set<Value>>..., options: @escaping @Sendable (RequestContext) -> [Value],
        title: @escaping @Sendable (Value) -> String
    ) -> Field {
        choicesField(name, keyPath, label: label, hint: hint, rules: rules, options: options, title: title)
    }

    /// A file (`<input type="file">`; the form is sent as `multipart/form-data`). Limit
    /// its size and types with `.maxSize(…)` and `.types([…])`.
    /// ```swift
    /// .file("avatar", \.avatar, label: "Avatar", .maxSize(512 * 1024), .types(["image/png", "image/jpeg"]))
    /// ```
    public static func file(
        _ name: String, _ keyPath: WritableKeyPath<Root, FormFile?> & Sendable, label: String, hint: String? = nil,
        _ rules: FieldRule<FormFile>...
    ) -> Field {
        Field(name: name, label: label, hint: hint, control: .file, keyPath: keyPath, autocomplete: nil,
              rules: rules.map(RuleSummary.init), options: nil, print: { _ in [] },
              files: { root in root[keyPath: keyPath].map { [$0] } ?? [] },
              decode: { root, form, request in
                  // A browser sends an empty part when no file was chosen.
                  let file = form.files(named: name).first { !$0.filename.isEmpty || !$0.bytes.isEmpty }
                  guard let file else {
                      if let required = rules.first(where: { $0.name == "required" }) { return required.message }
                      root[keyPath: keyPath] = nil
                      return nil
                  }
                  for rule in rules.map({ $0.resolved(for: request) }) where !rule.check(file) { return rule.message }
                  root[keyPath: keyPath] = file
                  return nil
              })
    }

    /// A hidden field: a value the form carries back unchanged (an id, a version).
    /// ```swift
    /// .hidden("note_id", \.noteID)
    /// ```
    public static func hidden<Value: FormFieldValue>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ rules: FieldRule<Value.Scalar>...
    ) -> Field where Value.Scalar: FormScalar {
        scalar(name, keyPath, label: name, hint: nil, control: .hidden, autocomplete: nil, trims: false,
               rules: rules, malformed: "This form was changed; reload the page and try again.", parse: Value.Scalar.init(formText:))
    }

    // MARK: - Builders

    /// A field holding one scalar printed as text.
    static func scalar<Value: FormFieldValue>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, label: String, hint: String?, control: Control,
        autocomplete: String?, trims: Bool, rules: [FieldRule<Value.Scalar>], malformed: String,
        screen: @escaping @Sendable (String) -> String? = { _ in nil },
        parse: @escaping @Sendable (String) -> Value.Scalar?
    ) -> Field where Value.Scalar: FormScalar {
        let lines = control == .textarea
        return Field(
            name: name, label: label, hint: hint, control: control, keyPath: keyPath, autocomplete: autocomplete,
            rules: rules.map(RuleSummary.init), options: nil,
            print: { root in root[keyPath: keyPath]._scalar.map { [$0.formText] } ?? [] },
            files: { _ in [] },
            decode: { root, form, request in
                var text = form[name] ?? ""
                if lines { text = FieldText.normalisedLines(text) }
                if trims { text = FieldText.trimmed(text) }
                if text.isEmpty {
                    if let required = rules.first(where: { $0.name == "required" }) { return required.message }
                    if let empty = Value._make(nil) { root[keyPath: keyPath] = empty }
                    return nil
                }
                if let problem = screen(text) { return problem }
                guard let scalar = parse(text), let value = Value._make(scalar) else { return malformed }
                for rule in rules.map({ $0.resolved(for: request) }) where !rule.check(scalar) { return rule.message }
                root[keyPath: keyPath] = value
                return nil
            })
    }

    static func choicesField<Value: URLContext & Hashable>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Set<Value>> & Sendable, label: String, hint: String?,
        rules: [FieldRule<Set<Value>>], options: @escaping @Sendable (RequestContext) -> [Value],
        title: @escaping @Sendable (Value) -> String,
        printed: @escaping @Sendable (Set<Value>) -> [String] = { $0.map(QueryValue.encode).sorted() }
    ) -> Field {
        // `required` on each box would ask for every box: the group's rule is the server's.
        let summaries = rules.map { rule in
            RuleSummary(FieldRule<Set<Value>>(name: rule.name, parameter: rule.parameter, message: rule.message,
                                             attributes: [], check: rule.check))
        }
        return Field(name: name, label: label, hint: hint, control: .checkboxes, keyPath: keyPath, autocomplete: nil,
                     rules: summaries, options: { request in options(request).map { (QueryValue.encode($0), title($0)) } },
                     print: { root in printed(root[keyPath: keyPath]) },
                     files: { _ in [] },
                     decode: { root, form, request in
                         let offered = options(request)
                         var chosen = Set<Value>()
                         for text in form.values(for: name) where !text.isEmpty {
                             guard let value = Value(pathSegments: [text][...]), offered.contains(value) else {
                                 return "Choose from the list."
                             }
                             chosen.insert(value)
                         }
                         if chosen.isEmpty, let required = rules.first(where: { $0.name == "required" }) { return required.message }
                         for rule in rules where !rule.check(chosen) { return rule.message }
                         root[keyPath: keyPath] = chosen
                         return nil
                     })
    }

    static func choiceField<Value: URLContext & Equatable>(
        _ name: String, label: String, hint: String?, style: ChoiceStyle, keyPath: PartialKeyPath<Root> & Sendable,
        optional: Bool, emptyTitle: String = "Choose…", rules: [FieldRule<Value>], options: @escaping @Sendable (RequestContext) -> [Value],
        title: @escaping @Sendable (Value) -> String,
        get: @escaping @Sendable (Root) -> Value?, set: @escaping @Sendable (inout Root, Value?) -> Void
    ) -> Field {
        Field(name: name, label: label, hint: hint, control: style == .select ? .select : .radios, keyPath: keyPath,
              autocomplete: nil, rules: rules.map(RuleSummary.init),
              options: { request in
                  let listed = options(request).map { (value: QueryValue.encode($0), title: title($0)) }
                  return optional && style == .select ? [(value: "", title: emptyTitle)] + listed : listed
              },
              print: { root in get(root).map { [QueryValue.encode($0)] } ?? [] },
              files: { _ in [] },
              decode: { root, form, request in
                  let text = form[name] ?? ""
                  if text.isEmpty {
                      if let required = rules.first(where: { $0.name == "required" }) { return required.message }
                      set(&root, nil)
                      return nil
                  }
                  guard let value = Value(pathSegments: [text][...]), options(request).contains(value) else {
                      return "Choose from the list."
                  }
                  for rule in rules.map({ $0.resolved(for: request) }) where !rule.check(value) { return rule.message }
                  set(&root, value)
                  return nil
              })
    }
}

/// The address check of `<input type="email">`, as the HTML standard writes it.
enum EmailAddress {
    static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        let localAllowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.!#$%&'*+/=?^_`{|}~-")
        guard parts[0].allSatisfy(localAllowed.contains) else { return false }
        return parts[1].split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }
}

/// The check of `<input type="url">`: an absolute URL, a scheme and something after it; and
/// the stricter default of a `.url` field, a web address.
enum URLText {
    /// `http://` or `https://` (any case) followed by a non-empty host, then a port, path,
    /// query or fragment; no white space or control character anywhere.
    static func isWebAddress(_ text: String) -> Bool {
        guard isAbsolute(text), !text.unicodeScalars.contains(where: { $0.value < 0x21 || (0x7F...0x9F).contains($0.value) })
        else { return false }
        let lowered = text.lowercased()
        let rest: Substring
        if lowered.hasPrefix("https://") { rest = text.dropFirst(8) }
        else if lowered.hasPrefix("http://") { rest = text.dropFirst(7) }
        else { return false }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != "\\" }
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        let host: Substring
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]") else { return false }
            host = hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close]
        } else {
            host = hostAndPort.prefix { $0 != ":" }
        }
        return !host.isEmpty && !host.allSatisfy { $0 == "." }
    }

    static func isAbsolute(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex,
              text[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
              text[text.startIndex].isLetter, text.index(after: colon) != text.endIndex,
              !text.contains(where: { $0 == " " || $0 == "\n" || $0 == "\t" }) else { return false }
        return true
    }
}
