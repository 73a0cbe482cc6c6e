import Foundation
import WebRouter
import WebRouterHTML

/// The constraints a field's HTML states (`required`, `minlength`, `maxlength`, `pattern`,
/// `min`, `max`, `step`, and the value formats of `email`, `url`, `number`, `date`, `time`,
/// `datetime-local`), checked as a browser checks them before it submits: `fill` refuses a
/// value the field would refuse, naming the rule, in every mode.
enum FieldConstraints {
    /// The rule `value` breaks (`"max=30"`), or `nil` when the field accepts it.
    static func violation(of field: HTMLNode, value: String) -> String? {
        if value.isEmpty { return field["required"] != nil ? "required" : nil }
        let type = field.tag == "input" ? field.inputType : field.tag
        let length = value.utf16.count
        if let max = field["maxlength"].flatMap(Int.init), length > max { return "maxlength=\(max)" }
        if let min = field["minlength"].flatMap(Int.init), length < min { return "minlength=\(min)" }
        if let pattern = field["pattern"], ["text", "search", "url", "tel", "email", "password"].contains(type) {
            if let regex = try? Regex(pattern), (try? regex.wholeMatch(in: value)) == nil { return "pattern=\(pattern)" }
        }
        switch type {
        case "email":
            if !isEmail(value) { return "type=email" }
        case "url":
            if URL(string: value)?.scheme == nil { return "type=url" }
        case "number", "range":
            guard let number = Decimal(formText: value) else { return "type=\(type)" }
            if let min = field["min"].flatMap(Decimal.init(formText:)), number < min { return "min=\(min.formText)" }
            if let max = field["max"].flatMap(Decimal.init(formText:)), number > max { return "max=\(max.formText)" }
            if let stepText = field["step"], stepText != "any", let step = Decimal(formText: stepText), step > 0 {
                let base = field["min"].flatMap(Decimal.init(formText:)) ?? 0
                var quotient = (number - base) / step
                var rounded = Decimal()
                NSDecimalRound(&rounded, &quotient, 0, .plain)
                if rounded != quotient { return "step=\(stepText)" }
            }
        case "date", "time", "datetime-local":
            let parses: Bool = switch type {
            case "date": Day(formText: value) != nil
            case "time": TimeOfDay(formText: value) != nil
            default: DateTime(formText: value) != nil
            }
            guard parses else { return "type=\(type)" }
            // The canonical forms of one type order as their texts do.
            if let min = field["min"], value < min { return "min=\(min)" }
            if let max = field["max"], value > max { return "max=\(max)" }
        default:
            break
        }
        return nil
    }

    /// The value as a browser's value sanitization leaves it: line breaks stripped from
    /// one-line inputs, surrounding white space from e-mail addresses and URLs.
    static func sanitized(_ value: String, type: String) -> String {
        switch type {
        case "text", "search", "tel", "password", "url", "email":
            var text = value.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
            if type == "url" || type == "email" {
                text = text.trimmingCharacters(in: .whitespaces)
            }
            return text
        default:
            return value
        }
    }

    private static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        let local = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.!#$%&'*+/=?^_`{|}~-")
        return parts[0].allSatisfy(local.contains) && parts[1].split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0.first != "-" && $0.last != "-" && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }
}
