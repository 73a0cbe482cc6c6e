public import Foundation

/// A calendar day without a time or time zone, as `<input type="date">` holds it
/// (`2030-05-01`): a check-in date, a birthday.
/// ```swift
/// let day = Day(year: 2030, month: 5, day: 1)
/// day.formText                          // "2030-05-01"
/// Day(formText: "2030-02-30")           // nil: no such day
/// day.adding(days: 3)                   // 2030-05-04
/// ```
public struct Day: FormScalar, FormFieldValue, Hashable, Comparable, Codable, CustomStringConvertible {
    public typealias Scalar = Day
    /// The year, 1 through 9999.
    public var year: Int
    /// The month, 1 through 12.
    public var month: Int
    /// The day of the month, from 1.
    public var day: Int

    /// The day `year`-`month`-`day`; `nil` when there is no such day.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Day.length(of: month, in: year)).contains(day) else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// Parses `YYYY-MM-DD` (four-digit year, two-digit month and day).
    public init?(formText: String) {
        let parts = formText.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Today in `timeZone`: the day a person there sees on their calendar now.
    /// ```swift
    /// let tomorrow = Day.today(in: TimeZone(identifier: "Europe/Paris")!).adding(days: 1)
    /// ```
    public static func today(in timeZone: TimeZone) -> Day {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        return Day(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1) ?? Day(year: 1970, month: 1, day: 1)!
    }

    /// Today in the app's time zone (``ApplicationConfiguration/timeZone``) while a request
    /// is answered — its pages, its actions and the typed forms they read, a computed
    /// `static var fields` included — else in the machine's. A bound that moves with the
    /// date is a computed `fields`:
    /// ```swift
    /// static var fields: [Field<Booking>] {
    ///     [.date("check_in", \.checkIn, label: "Check-in date", .required(), .min(Day.today.adding(days: 1), "Choose tomorrow or later."))]
    /// }
    /// ```
    public static var today: Day { today(in: appTimeZone ?? .current) }

    /// The app's time zone while a request is answered (set only when the app names one).
    @TaskLocal static var appTimeZone: TimeZone?

    /// `YYYY-MM-DD`.
    public var formText: String { Day.pad(year, 4) + "-" + Day.pad(month, 2) + "-" + Day.pad(day, 2) }
    /// The same as ``formText``.
    public var description: String { formText }

    /// Days since 0001-01-01 (proleptic Gregorian), for arithmetic and ordering.
    public var ordinal: Int {
        let y = year - 1
        var days = y * 365 + y / 4 - y / 100 + y / 400
        for m in 1..<month { days += Day.length(of: m, in: year) }
        return days + day - 1
    }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> Day {
        var remaining = ordinal + days
        var y = 1
        while true {
            let length = Day.isLeap(y) ? 366 : 365
            if remaining < length { break }
            remaining -= length
            y += 1
        }
        var m = 1
        while remaining >= Day.length(of: m, in: y) { remaining -= Day.length(of: m, in: y); m += 1 }
        return Day(year: y, month: m, day: remaining + 1)!
    }

    /// Whole days from `self` to `other`.
    public func days(to other: Day) -> Int { other.ordinal - ordinal }

    public static func < (lhs: Day, rhs: Day) -> Bool { (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day) }

    /// Encodes as its ``formText``.
    public func encode(to encoder: any Encoder) throws { try encodeFormText(to: encoder) }

    /// Decodes from its ``formText``.
    public init(from decoder: any Decoder) throws { self = try Self.decodeFormText(from: decoder, what: "a day") }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }
    static func length(of month: Int, in year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
