public import Foundation
/// A rule a field's value must follow, with the message shown when it does not. A rule HTML
/// can express (`minlength`, `max`, `pattern`, `accept`…) is printed on the field as well,
/// so the browser and the server check the same thing; the others run on the server only.
/// ```swift
/// .text("username", \.username, label: "Username", .required(), .length(3...20),
///       .pattern("[a-z0-9_.-]+", "Use a–z, 0–9, _ . and - only."))
/// .integer("nights", \.nights, label: "Nights", .range(1...30))
/// .file("avatar", \.avatar, label: "Avatar", .maxSize(1 << 20), .types(["image/png", "image/jpeg"]))
/// ```
public struct FieldRule<Value>: Sendable {
    /// The rule's name as the page state lists it: `required`, `minlength`, `maxlength`,
    /// `min`, `max`, `step`, `pattern`, `accept`, `oneOf`, `maxSize` or `custom`.
    public let name: String
    /// The rule's parameter as text (`"20"` for `maxlength`), `nil` when it has none.
    public let parameter: String?
    /// The message shown under the field when the value breaks the rule.
    public let message: String
    /// The HTML attributes that say the same to the browser; none when HTML cannot.
    let attributes: [(name: String, value: String?)]
    let check: @Sendable (Value) -> Bool
    /// The rule as it stands for one request, for a rule whose bound is computed per request
    /// (``min(_:bound:)``): the renderer and the validation use what it answers.
    let perRequest: (@Sendable (RequestContext) -> FieldRule)?

    init(name: String, parameter: String?, message: String, attribute: (name: String, value: String?)?,
         check: @escaping @Sendable (Value) -> Bool) {
        self.init(name: name, parameter: parameter, message: message, attributes: attribute.map { [$0] } ?? [], check: check)
    }

    /// A rule computed for each request: `parameter` is `nil` and `message` the app's own
    /// (empty without one) until `resolve` says what they are for a request.
    init(name: String, message: String?, perRequest resolve: @escaping @Sendable (RequestContext) -> FieldRule) {
        self.name = name
        self.parameter = nil
        self.message = message ?? ""
        self.attributes = []
        self.check = { _ in true }
        self.perRequest = resolve
    }

    /// The rule for `request`: itself, or what a rule computed per request answers for it.
    func resolved(for request: RequestContext) -> FieldRule {
        perRequest?(request) ?? self
    }

    init(name: String, parameter: String?, message: String, attributes: [(name: String, value: String?)],
         check: @escaping @Sendable (Value) -> Bool) {
        self.name = name
        self.parameter = parameter
        self.message = message
        self.attributes = attributes
        self.check = check
        self.perRequest = nil
    }

    /// The field must be filled (a checkbox ticked, a file chosen, at least one choice made).
    public static func required(_ message: String = "This field is required.") -> FieldRule {
        FieldRule(name: "required", parameter: nil, message: message, attribute: ("required", nil)) { _ in true }
    }

    /// A rule only the server checks: `check` answers whether the value is acceptable.
    /// ```swift
    /// .custom("This username is taken.") { !taken.contains($0) }
    /// ```
    public static func custom(_ message: String, _ check: @escaping @Sendable (Value) -> Bool) -> FieldRule {
        FieldRule(name: "custom", parameter: nil, message: message, attribute: nil, check: check)
    }
}

extension FieldRule where Value == String {
    /// At least `count` characters (as a browser counts them: UTF-16 code units).
    public static func minLength(_ count: Int, _ message: String? = nil) -> FieldRule {
        FieldRule(name: "minlength", parameter: String(count), message: message ?? "Use at least \(count) characters.",
                  attribute: ("minlength", String(count))) { $0.utf16.count >= count }
    }

    /// At most `count` characters (UTF-16 code units, as `maxlength` counts).
    public static func maxLength(_ count: Int, _ message: String? = nil) -> FieldRule {
        FieldRule(name: "maxlength", parameter: String(count), message: message ?? "Use at most \(count) characters.",
                  attribute: ("maxlength", String(count))) { $0.utf16.count <= count }
    }

    /// The whole value matches `pattern` (a regular expression in the common subset of
    /// JavaScript's and Swift's syntax: classes, groups, quantifiers, alternation).
    public static func pattern(_ pattern: String, _ message: String = "Use the format asked for.") -> FieldRule {
        FieldRule(name: "pattern", parameter: pattern, message: message, attribute: ("pattern", pattern)) { value in
            guard let regex = try? Regex(pattern) else { return false }
            return (try? regex.wholeMatch(in: value)) != nil
        }
    }
}

extension FieldRule where Value: Equatable {
    /// The value is one of `values` (server only).
    public static func oneOf(_ values: [Value], _ message: String = "Choose one of the values offered.") -> FieldRule where Value: Sendable {
        FieldRule(name: "oneOf", parameter: nil, message: message, attribute: nil) { values.contains($0) }
    }
}

extension FieldRule where Value: FormScalar & Comparable {
    /// The value is at least `bound` (`min`).
    public static func min(_ bound: Value, _ message: String? = nil) -> FieldRule {
        FieldRule(name: "min", parameter: bound.formText, message: message ?? "Use \(bound.formText) or more.",
                  attribute: ("min", bound.formText)) { $0 >= bound }
    }

    /// The value is at most `bound` (`max`).
    public static func max(_ bound: Value, _ message: String? = nil) -> FieldRule {
        FieldRule(name: "max", parameter: bound.formText, message: message ?? "Use \(bound.formText) or less.",
                  attribute: ("max", bound.formText)) { $0 <= bound }
    }
}

extension FieldRule where Value: FormScalar & Comparable {
    /// The value is at least the bound computed for each request (`min`): the date a page
    /// is drawn on, the signed-in person's limit, what the query asks for. The form shows the
    /// bound of the request that draws it, and a submission is checked against the bound of
    /// the request that submits it, so a value the form offered yesterday is refused today.
    /// ```swift
    /// .date("day", \.day, label: "Day", .min("Choose today or later.") { $0.today })
    /// ```
    public static func min(_ message: String? = nil, bound: @escaping @Sendable (RequestContext) -> Value) -> FieldRule {
        FieldRule(name: "min", message: message) { request in .min(bound(request), message) }
    }

    /// The value is at most the bound computed for each request (`max`); see
    /// ``min(_:bound:)``.
    /// ```swift
    /// .date("day", \.day, label: "Day", .max { $0.today.adding(days: 90) })
    /// ```
    public static func max(_ message: String? = nil, bound: @escaping @Sendable (RequestContext) -> Value) -> FieldRule {
        FieldRule(name: "max", message: message) { request in .max(bound(request), message) }
    }

    /// Both bounds computed for each request, one message; see ``min(_:bound:)``.
    /// ```swift
    /// .date("day", \.day, label: "Day", .range { $0.today...$0.today.adding(days: 30) })
    /// ```
    public static func range(_ message: String? = nil, bounds: @escaping @Sendable (RequestContext) -> ClosedRange<Value>) -> FieldRule {
        FieldRule(name: "range", message: message) { request in .range(bounds(request), message) }
    }
}

extension FieldRule where Value: FormScalar & Comparable {
    /// Both bounds, one message: `.range(1...30)` prints `min="1" max="30"`.
    public static func range(_ range: ClosedRange<Value>, _ message: String? = nil) -> FieldRule {
        let low = range.lowerBound.formText, high = range.upperBound.formText
        return FieldRule(name: "range", parameter: low + "..." + high, message: message ?? "Use a value from \(low) to \(high).",
                         attributes: [("min", low), ("max", high)]) { range.contains($0) }
    }
}

extension FieldRule where Value == String {
    /// Between `range.lowerBound` and `range.upperBound` characters, one message for both.
    public static func length(_ range: ClosedRange<Int>, _ message: String? = nil) -> FieldRule {
        FieldRule(name: "length", parameter: "\(range.lowerBound)...\(range.upperBound)",
                  message: message ?? "Use \(range.lowerBound) to \(range.upperBound) characters.",
                  attributes: [("minlength", String(range.lowerBound)), ("maxlength", String(range.upperBound))]) {
            range.contains($0.utf16.count)
        }
    }
}

extension FieldRule where Value == Int {
    /// The value is a whole number of steps from `base` (`step`, with `min` as the base).
    public static func step(_ step: Int, from base: Int = 0, _ message: String? = nil) -> FieldRule {
        FieldRule(name: "step", parameter: String(step), message: message ?? "Use a multiple of \(step).",
                  attribute: ("step", String(step))) { ($0 - base) % step == 0 }
    }
}

extension FieldRule where Value == Decimal {
    /// The value is a whole number of steps from `base` (`step="0.01"` for cents).
    public static func step(_ step: Decimal, from base: Decimal = 0, _ message: String? = nil) -> FieldRule {
        FieldRule(name: "step", parameter: step.formText, message: message ?? "Use a multiple of \(step.formText).",
                  attribute: ("step", step.formText)) { value in
            var quotient = (value - base) / step
            var rounded = Decimal()
            NSDecimalRound(&rounded, &quotient, 0, .plain)
            return rounded == quotient
        }
    }
}

extension FieldRule where Value == FormFile {
    /// The file is at most `bytes` long.
    public static func maxSize(_ bytes: Int, _ message: String? = nil) -> FieldRule {
        FieldRule(name: "maxSize", parameter: String(bytes), message: message ?? maxSizeMessage(bytes),
                  attribute: nil) { $0.bytes.count <= bytes }
    }

    /// The framework's words for ``maxSize(_:_:)`` without a message of the app's.
    static func maxSizeMessage(_ bytes: Int) -> String {
        "Choose a file of at most \(FieldRule.size(bytes))."
    }

    /// The file is of one of these media types (`image/png`) or has one of these extensions
    /// (`.png`); printed as `accept`.
    public static func types(_ types: [String], _ message: String? = nil) -> FieldRule {
        let list = types.joined(separator: ",")
        return FieldRule(name: "accept", parameter: list, message: message ?? "Choose a file of type \(types.joined(separator: ", ")).",
                         attribute: ("accept", list)) { file in
            types.contains { type in
                if type.hasPrefix(".") { return file.filename.lowercased().hasSuffix(type.lowercased()) }
                if type.hasSuffix("/*") { return file.contentType.lowercased().hasPrefix(String(type.dropLast()).lowercased()) }
                return HeaderlessMediaType.equal(file.contentType, type)
            }
        }
    }

    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }
}

/// Media types compared without parameters, case-insensitively.
enum HeaderlessMediaType {
    static func equal(_ a: String, _ b: String) -> Bool {
        func bare(_ s: String) -> String {
            String(s.split(separator: ";", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        }
        return bare(a) == bare(b)
    }
}
