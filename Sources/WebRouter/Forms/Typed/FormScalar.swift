public import Foundation

/// A value a form field holds and a browser sends as text: `String`, `Int`, `Decimal`,
/// ``Day``, ``TimeOfDay`` and ``DateTime`` conform. Parsing is the inverse of printing, the
/// law the form tests rely on: `Self(formText: value.formText) == value`.
/// ```swift
/// Int(formText: "42")          // 42
/// Day(formText: "2030-05-01")  // Day(year: 2030, month: 5, day: 1)
/// Decimal(12.5).formText       // "12.5"
/// ```
public protocol FormScalar: Sendable, Equatable {
    /// The value parsed from the text a browser submits (already trimmed); `nil` when it is not one.
    init?(formText: String)
    /// The text the value is printed as in a field's `value` (and in `min`, `max`, `step`).
    var formText: String { get }
}

extension FormScalar {
    /// Encodes the value as its ``formText``: the Codable form of ``Day``, ``TimeOfDay`` and
    /// ``DateTime``, so a draft or a JSON body holds what a field would.
    func encodeFormText(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(formText)
    }

    /// Decodes a value from its ``formText``; data that is not one is `dataCorrupted`, saying
    /// it is not `what` ("a day").
    static func decodeFormText(from decoder: any Decoder, what: String) throws -> Self {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(formText: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not \(what): \(text)")
        }
        return value
    }
}

extension String: FormScalar {
    /// Any text is a string.
    public init?(formText: String) { self = formText }
    /// The text itself.
    public var formText: String { self }
}

extension Int: FormScalar {
    /// Decimal digits with an optional sign (`"-3"`, `"+4"`); nothing else.
    public init?(formText: String) {
        var text = Substring(formText)
        if text.first == "+" { text = text.dropFirst() }
        guard let value = Int(text) else { return nil }
        self = value
    }
    /// The decimal digits, `-` for a negative value.
    public var formText: String { String(self) }
}

extension Decimal: FormScalar {
    /// A number as `<input type="number">` sends it: digits, at most one `.`, an optional
    /// sign and exponent (`"12.50"`, `"-0.5"`, `"1e3"`); a `,` is not a decimal separator.
    public init?(formText: String) {
        let allowed = Set("0123456789+-.eE")
        guard !formText.isEmpty, formText.allSatisfy(allowed.contains), formText.contains(where: \.isNumber),
              let value = Decimal(string: formText, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN
        else { return nil }
        self = value
    }
    /// The shortest decimal text of the value (`"12.5"`), never an exponent.
    public var formText: String { NSDecimalNumber(decimal: self).description(withLocale: Locale(identifier: "en_US_POSIX")) }
}

/// The value stored for one field of a ``Form``: a ``FormScalar`` itself, or an optional
/// one (`Int?`), empty in the form when `nil`. Framework machinery: every `FormScalar`
/// and its optional conform, nothing else needs to.
/// ```swift
/// var nights: Int = 1       // an empty field keeps the default (or fails `.required()`)
/// var checkOut: Day?        // an empty field is nil
/// ```
public protocol FormFieldValue: Sendable {
    /// The value a filled field holds.
    associatedtype Scalar: Sendable
    /// The filled value, `nil` when empty.
    var _scalar: Scalar? { get }
    /// A value from a filled field (`scalar`) or an empty one (`nil`: `nil` for an
    /// optional, the empty text for a string, no change otherwise).
    static func _make(_ scalar: Scalar?) -> Self?
}

extension FormFieldValue where Self: FormScalar, Scalar == Self {
    public var _scalar: Self? { self }
    public static func _make(_ scalar: Self?) -> Self? { scalar }
}

extension String: FormFieldValue {
    public typealias Scalar = String
    public var _scalar: String? { isEmpty ? nil : self }
    public static func _make(_ scalar: String?) -> String? { scalar ?? "" }
}
extension Int: FormFieldValue { public typealias Scalar = Int }
extension Decimal: FormFieldValue { public typealias Scalar = Decimal }
extension Bool: FormFieldValue {
    public typealias Scalar = Bool
    public var _scalar: Bool? { self }
    public static func _make(_ scalar: Bool?) -> Bool? { scalar ?? false }
}
extension FormFile: FormFieldValue {
    public typealias Scalar = FormFile
    public var _scalar: FormFile? { self }
    public static func _make(_ scalar: FormFile?) -> FormFile? { scalar }
}

extension Optional: FormFieldValue where Wrapped: FormFieldValue, Wrapped.Scalar == Wrapped {
    public typealias Scalar = Wrapped
    public var _scalar: Wrapped? { self }
    public static func _make(_ scalar: Wrapped?) -> Wrapped?? { .some(scalar) }
}
