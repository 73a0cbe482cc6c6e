/// A day and a time of day without a time zone, as `<input type="datetime-local">` holds it
/// (`2030-05-01T09:30`): the app decides which zone it is in.
/// ```swift
/// let start = DateTime(day: Day(year: 2030, month: 5, day: 1)!, time: TimeOfDay(hour: 9, minute: 30)!)
/// start.formText   // "2030-05-01T09:30"
/// ```
public struct DateTime: FormScalar, FormFieldValue, Hashable, Comparable, Codable, CustomStringConvertible {
    public typealias Scalar = DateTime
    /// The calendar day.
    public var day: Day
    /// The time on that day.
    public var time: TimeOfDay

    /// The time `time` on `day`.
    public init(day: Day, time: TimeOfDay) {
        self.day = day
        self.time = time
    }

    /// Parses `YYYY-MM-DDTHH:MM` (a space instead of `T` too).
    public init?(formText: String) {
        guard let separator = formText.firstIndex(where: { $0 == "T" || $0 == " " }),
              let day = Day(formText: String(formText[..<separator])),
              let time = TimeOfDay(formText: String(formText[formText.index(after: separator)...])) else { return nil }
        self.init(day: day, time: time)
    }

    /// `YYYY-MM-DDTHH:MM`.
    public var formText: String { day.formText + "T" + time.formText }
    /// The same as ``formText``.
    public var description: String { formText }

    public static func < (lhs: DateTime, rhs: DateTime) -> Bool { (lhs.day, lhs.time) < (rhs.day, rhs.time) }

    /// Encodes as its ``formText``.
    public func encode(to encoder: any Encoder) throws { try encodeFormText(to: encoder) }

    /// Decodes from its ``formText``.
    public init(from decoder: any Decoder) throws { self = try Self.decodeFormText(from: decoder, what: "a date and time") }
}
