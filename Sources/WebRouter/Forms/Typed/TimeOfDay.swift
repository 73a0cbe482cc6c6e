/// A time of day without a date or time zone, to the minute, as `<input type="time">`
/// holds it (`09:30`).
/// ```swift
/// let time = TimeOfDay(hour: 9, minute: 30)!
/// time.formText                  // "09:30"
/// TimeOfDay(formText: "24:00")   // nil
/// ```
public struct TimeOfDay: FormScalar, FormFieldValue, Hashable, Comparable, Codable, CustomStringConvertible {
    public typealias Scalar = TimeOfDay
    /// The hour, 0 through 23.
    public var hour: Int
    /// The minute, 0 through 59.
    public var minute: Int

    /// The time `hour`:`minute`; `nil` when out of range.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        (self.hour, self.minute) = (hour, minute)
    }

    /// Parses `HH:MM`, and `HH:MM:SS` with zero seconds as a browser may send it.
    public init?(formText: String) {
        let parts = formText.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || (parts.count == 3 && (parts[2] == "00" || parts[2] == "00.000")),
              parts[0].count == 2, parts[1].count == 2,
              parts.prefix(2).allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        self.init(hour: h, minute: m)
    }

    /// `HH:MM`.
    public var formText: String { Day.pad(hour, 2) + ":" + Day.pad(minute, 2) }
    /// The same as ``formText``.
    public var description: String { formText }
    /// Minutes since midnight.
    public var minutes: Int { hour * 60 + minute }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutes < rhs.minutes }

    /// Encodes as its ``formText``.
    public func encode(to encoder: any Encoder) throws { try encodeFormText(to: encoder) }

    /// Decodes from its ``formText``.
    public init(from decoder: any Decoder) throws { self = try Self.decodeFormText(from: decoder, what: "a time") }
}
