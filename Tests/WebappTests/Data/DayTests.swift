import Testing
@testable import webapp

@Suite("Day")
struct DayTests {
    @Test func validatesAndPrintsDates() {
        #expect(Day(year: 2026, month: 2, day: 29) == nil)
        #expect(Day(year: 2028, month: 2, day: 29)?.description == "2028-02-29")
        #expect(Day(year: 2026, month: 13, day: 1) == nil)
        #expect(Day("2026-11-21")?.formatted == "Sat 21 Nov 2026")
        for bad in ["", "2026-1-21", "2026/11/21", "2026-11-31", "abcd-ef-gh", "2026-11-21x"] {
            #expect(Day(bad) == nil, "\(bad)")
        }
    }

    @Test func countsDaysAcrossMonthsAndYears() throws {
        let day = try #require(Day(year: 2026, month: 12, day: 30))
        #expect(day.adding(days: 3).description == "2027-01-02")
        #expect(day.adding(days: -365).description == "2025-12-30")
        #expect(day.days(until: day.adding(days: 40)) == 40)
        #expect(Day(daysSinceEpoch: 0).description == "1970-01-01")
        #expect(Day(daysSinceEpoch: 0).weekdayName == "Thu")
        let sunday = try #require(Day("2026-11-22"))
        #expect(sunday.weekday == 7)
        #expect(DayTime(day: sunday, hour: 9, minute: 5).description == "2026-11-22 09:05")
        #expect(DayTime(day: sunday, hour: 23, minute: 59).time == "23:59")
        #expect(Day(year: 7, month: 1, day: 9)?.description == "0007-01-09")
        #expect(Day(year: 2026, month: 1, day: 9)?.formatted == "Fri 9 Jan 2026")
        #expect(Day(daysSinceEpoch: 3_000_000).description == "10183-09-21")   // past 9999: padded, not cut
        #expect(Day(year: 7, month: 1, day: 9)?.formatted == "Tue 9 Jan 7")   // a human year is not padded
    }
}
