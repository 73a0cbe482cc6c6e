/// One field of a ``Form``: its name, label, kind and rules, and where its value lives in
/// the form's type. Made by the kind's factory (``text(_:_:label:hint:type:autocomplete:allowing:_:)``,
/// ``integer(_:_:label:hint:autocomplete:_:)``, ``date(_:_:label:hint:autocomplete:_:)``, …).
/// ```swift
/// static let fields: [Field<SignIn>] = [
///     .text("username", \.username, label: "Username", autocomplete: "username", .required()),
///     .text("password", \.password, label: "Password", type: .password, .required()),
/// ]
/// ```
public struct Field<Root: Form>: Sendable {
    /// The name the value is submitted under; the field's `id` is `field-<name>`.
    public let name: String
    /// The visible label (a radio or checkbox group's legend).
    public let label: String
    /// A hint shown under the label and linked by `aria-describedby`.
    public let hint: String?
    let control: Control
    let keyPath: PartialKeyPath<Root> & Sendable
    let autocomplete: String?
    /// What the rules say, type-erased: for the HTML attributes and the page state.
    let rules: [RuleSummary]
    /// The choices of a select, radio or checkbox group for a request: value text and title.
    let options: (@Sendable (RequestContext) -> [(value: String, title: String)])?
    /// The texts the field shows for a value (one per ticked box of a group).
    let print: @Sendable (Root) -> [String]
    /// The files a value holds (a file field's).
    let files: @Sendable (Root) -> [FormFile]
    /// Sets the field from a submission, with the options and bounds of the request that
    /// submits it; answers the message when the value is not acceptable.
    let decode: @Sendable (inout Root, FormData, RequestContext) -> String?

    /// Whether the field must be filled.
    var isRequired: Bool { rules.contains { $0.name == "required" } }

    /// The rules as they stand for `request` (those computed per request, computed).
    func rules(for request: RequestContext) -> [RuleSummary] {
        rules.map { $0.resolved(for: request) }
    }
}

/// How a field is shown.
enum Control: Sendable, Equatable {
    case input(String)          // text, email, password, search, url, tel, number, date, time, datetime-local
    case textarea
    case checkbox
    case radios
    case select
    case checkboxes
    case file
    case hidden

    /// Whether an empty value is still sent (a text field sends `name=`).
    var submitsEmpty: Bool {
        switch self {
        case .input, .textarea, .hidden, .select: true
        case .checkbox, .radios, .checkboxes, .file: false
        }
    }

    /// The `type` the page state reads for it.
    var typeName: String {
        switch self {
        case .input(let type): type
        case .textarea: "textarea"
        case .checkbox, .checkboxes: "checkbox"
        case .radios: "radio"
        case .select: "select"
        case .file: "file"
        case .hidden: "hidden"
        }
    }
}

/// A rule as the renderer and the page state see it.
struct RuleSummary: Sendable {
    let name: String
    let parameter: String?
    let message: String
    let attributes: [(name: String, value: String?)]
    /// The summary for a request, for a rule computed per request.
    let perRequest: (@Sendable (RequestContext) -> RuleSummary)?

    init<Value>(_ rule: FieldRule<Value>) {
        name = rule.name
        parameter = rule.parameter
        message = rule.message
        attributes = rule.attributes
        if let resolve = rule.perRequest {
            perRequest = { request in RuleSummary(resolve(request)) }
        } else {
            perRequest = nil
        }
    }

    func resolved(for request: RequestContext) -> RuleSummary {
        perRequest?(request) ?? self
    }
}

/// Trimming as a person expects: surrounding white space goes (never inside a password),
/// and a text area's line breaks are `\n` whatever the browser sent.
enum FieldText {
    static func trimmed(_ text: String) -> String {
        var view = Substring(text)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }

    /// Why `text` is refused by a text field's default, or `nil`: a control character
    /// (a text area keeps `\n` and `\t`), or a bidirectional control that reorders what
    /// follows it (U+202A–U+202E, U+2066–U+2069), unless `allowing` lets it through.
    static func problem(in text: String, allowing: TextAllowance, multiline: Bool) -> String? {
        let controls = !allowing.contains(.controlCharacters)
        let bidi = !allowing.contains(.bidiControls)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if controls, value < 0x20 || (0x7F...0x9F).contains(value), !(multiline && (value == 0x0A || value == 0x09)) {
                return "Remove the control character (U+\(hex(value))) from this text."
            }
            if bidi, (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) {
                return "Remove the invisible text-direction character (U+\(hex(value))) from this text."
            }
        }
        return nil
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func normalisedLines(_ text: String) -> String {
        guard text.utf8.contains(13) else { return text }
        return text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
    }
}
