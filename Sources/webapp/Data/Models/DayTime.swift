/// A date with a wall-clock time of day (minute precision, local to the venue): a match's kickoff
/// or the moment a message was sent.
///
/// ```swift
/// let kickoff = DayTime(day: Day(year: 2026, month: 11, day: 21)!, hour: 15, minute: 30)
/// kickoff.time          // "15:30"
/// kickoff.description   // "2026-11-21 15:30"
/// ```
struct DayTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The calendar date.
    let day: Day
    /// Hour of the day, 0 … 23.
    let hour: Int
    /// Minute of the hour, 0 … 59.
    let minute: Int

    /// A moment on `day`; hour and minute are clamped into 0…23 and 0…59.
    init(day: Day, hour: Int, minute: Int) {
        self.day = day
        self.hour = min(max(hour, 0), 23)
        self.minute = min(max(minute, 0), 59)
    }

    /// The time of day as `HH:MM`.
    var time: String {
        String(unsafeUninitializedCapacity: 5) { out in
            writeTime(to: out, at: 0)
            return 5
        }
    }

    /// `YYYY-MM-DD HH:MM`.
    var description: String {
        guard (0...9999).contains(day.year) else { return day.description + " " + time }
        // One string of sixteen bytes, written in place (it is a `<time datetime>` on pages).
        return String(unsafeUninitializedCapacity: 16) { out in
            day.writeDescription(to: out, at: 0)
            out[10] = UInt8(ascii: " ")
            writeTime(to: out, at: 11)
            return 16
        }
    }

    /// Writes `HH:MM` (hour and minute are clamped to two digits) at `offset`.
    private func writeTime(to out: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        Day.writeDigits(hour, width: 2, to: out, at: offset)
        out[offset + 2] = UInt8(ascii: ":")
        Day.writeDigits(minute, width: 2, to: out, at: offset + 3)
    }

    static func < (lhs: DayTime, rhs: DayTime) -> Bool {
        (lhs.day, lhs.hour, lhs.minute) < (rhs.day, rhs.hour, rhs.minute)
    }
}
