import Testing
import WebRouterTesting
@testable import webapp

extension BrowserTests {
    /// The league table as a person reads it, on a phone and a desktop: team names from the
    /// left (the framework's `.table` right-aligns every column but the first, for numbers),
    /// the numbers around them from the right, and no sideways scrolling.
    @Suite("League table layout")
    struct StandingsTableTests {
        @Test(arguments: [Browser.phone, Browser.wide])
        func teamNamesReadFromTheLeftAndNumbersFromTheRight(_ options: BrowserOptions) async throws {
            try await Browser.test(options) { client in
                try await client.signIn(landingOn: DemoLinks.tournament, screen: "Tournament")
                let alignment = try await client.evaluate("""
                    const table = document.querySelector('main table.table');
                    const align = cell => getComputedStyle(cell).textAlign;
                    return JSON.stringify({
                        teamHeader: align(table.querySelector('thead th:nth-child(2)')),
                        team: align(table.querySelector('tbody tr td:nth-child(2)')),
                        numbers: [...table.querySelectorAll('tbody tr:first-child td:nth-child(n+3), thead th:nth-child(n+3)')].map(align),
                        scrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
                    })
                    """)
                #expect(alignment.contains(#""teamHeader":"left""#), "\(alignment)")
                #expect(alignment.contains(#""team":"left""#), "\(alignment)")
                #expect(alignment.contains(#""numbers":["right","right","right","right","right","right","right","right","right","right","right","right"]"#), "\(alignment)")
                #expect(alignment.contains(#""scrollsSideways":false"#), "\(alignment)")
            }
        }
    }
}
