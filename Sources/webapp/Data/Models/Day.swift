/// A calendar date (proleptic Gregorian, no time zone) used by the sample data instead of
/// Foundation's `Date`, so dates compare, print and hash cheaply and identically everywhere.
///
/// ```swift
/// let today = Day(year: 2026, month: 11, day: 21)!   // nil for 2026-02-30
/// today.description                                  // "2026-11-21"
/// today.formatted                                    // "Sat 21 Nov 2026"
/// today.adding(days: 7)                              // 2026-11-28
/// Day("2026-11-21") == today                         // true
/// ```
struct Day: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, e.g. 2026.
    let year: Int
    /// The month, 1 (January) … 12 (December).
    let month: Int
    /// The day of the month, 1 … 31.
    let day: Int

    /// A validated date; `nil` when the month or the day of the month does not exist.
    init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Day.daysInMonth(month, of: year)).contains(day),
              (1...9999).contains(year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (negative: before).
    init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// Parses `YYYY-MM-DD`; `nil` for anything else or for a date that does not exist.
    init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let y = Day.number(bytes[0..<4]), let m = Day.number(bytes[5..<7]),
              let d = Day.number(bytes[8..<10]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Days since 1970-01-01 (negative before it).
    var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `days` days later (earlier when negative).
    func adding(days: Int) -> Day {
        Day(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// The number of days from `self` to `other` (positive when `other` is later).
    func days(until other: Day) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    var weekday: Int {
        let offset = (daysSinceEpoch + 3) % 7 // 1970-01-01 was a Thursday (index 3 from Monday).
        return (offset + 7) % 7 + 1
    }

    /// Three-letter English weekday name, e.g. "Sat".
    var weekdayName: String { Day.weekdayNames[weekday - 1] }

    /// Three-letter English month name, e.g. "Nov".
    var monthName: String { Day.monthNames[month - 1] }

    /// `YYYY-MM-DD`, the form used in data and URLs.
    var description: String {
        guard (0...9999).contains(year) else {
            return Day.pad(year, 4) + "-" + Day.pad(month, 2) + "-" + Day.pad(day, 2)
        }
        // Ten ASCII bytes written in place: a small string, without the five intermediate
        // strings of pad-and-concatenate (pages print a date per match).
        return String(unsafeUninitializedCapacity: 10) { out in
            writeDescription(to: out, at: 0)
            return 10
        }
    }

    /// Writes ``description``'s ten bytes at `offset`; the year must be in 0...9999.
    func writeDescription(to out: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        Day.writeDigits(year, width: 4, to: out, at: offset)
        out[offset + 4] = UInt8(ascii: "-")
        Day.writeDigits(month, width: 2, to: out, at: offset + 5)
        out[offset + 7] = UInt8(ascii: "-")
        Day.writeDigits(day, width: 2, to: out, at: offset + 8)
    }

    /// A human form for pages, e.g. "Sat 21 Nov 2026", written in place like ``description``.
    var formatted: String {
        guard (1000...9999).contains(year) else { return "\(weekdayName) \(day) \(monthName) \(year)" }
        let weekday = weekdayName, month = monthName
        let dayWidth = day < 10 ? 1 : 2
        return String(unsafeUninitializedCapacity: weekday.utf8.count + month.utf8.count + dayWidth + 7) { out in
            var count = Day.write(weekday, to: out, at: 0)
            out[count] = UInt8(ascii: " ")
            Day.writeDigits(day, width: dayWidth, to: out, at: count + 1)
            count += 1 + dayWidth
            out[count] = UInt8(ascii: " ")
            count = Day.write(month, to: out, at: count + 1)
            out[count] = UInt8(ascii: " ")
            Day.writeDigits(year, width: 4, to: out, at: count + 1)
            return count + 5
        }
    }

    /// Writes `value` (at least 0, below 10^`width`) as `width` decimal digits, zero-padded.
    static func writeDigits(_ value: Int, width: Int, to out: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        var rest = value
        for index in stride(from: offset + width - 1, through: offset, by: -1) {
            out[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }

    /// Copies `text`'s bytes to `out` at `offset`; returns the offset after them.
    static func write(_ text: String, to out: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        var index = offset
        for byte in text.utf8 {
            out[index] = byte
            index += 1
        }
        return index
    }

    static func < (lhs: Day, rhs: Day) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The number of days in `month` of `year` (0 for a month outside 1…12).
    static func daysInMonth(_ month: Int, of year: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        default: return 0
        }
    }

    /// Left-pads a non-negative number with zeros to `width` digits.
    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                     "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
