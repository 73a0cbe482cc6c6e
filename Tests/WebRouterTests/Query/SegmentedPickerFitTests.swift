import Testing
import WebRouter
import WebRouterTesting

// Issue 45: a segmented picker with four ordinary labels fits a 390 px phone: the segments
// wrap to a second row rather than run off the screen, and each stays a whole, legible link.

private struct Schedule: ContentScreen {
    enum Period: String, CaseIterable, URLContext { case announcements, conversations, notifications, subscriptions }
    struct Query: ScreenQuery {
        var period: Period = .announcements
        static let fields: [QueryField<Query>] = [.init("period", \.period)]
    }
    let title = "Schedule"
    func body(_ context: Void, router: Router<Schedule>) -> some HTML {
        h1 { "Schedule" }
        router.picker(\.period, label: "Period") { $0.rawValue.capitalized }
    }
}

@Suite("A segmented picker on a phone", .enabled(if: WebDriverSessionAvailability.reason == nil))
struct SegmentedPickerFitTests {
    @Test func fourShortLabelsFitA390PixelScreen() async throws {
        var configuration = ApplicationConfiguration(appName: "Fit")
        configuration.logger.logLevel = .critical
        let app = try Application(Window(Tabs { Navigation(Schedule()) }), configuration: configuration)
        try await app.test(.browser, browser: BrowserOptions(width: 390, height: 844)) { client in
            try await client.get("/schedule")
            let fit = try await client.evaluate("""
                var nav = document.querySelector('nav.segmented'), box = nav.getBoundingClientRect();
                var links = Array.prototype.map.call(nav.querySelectorAll('a'), function (a) { return a.getBoundingClientRect(); });
                var inside = links.every(function (r) { return r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.width >= 44; });
                return [String(box.right <= 390), String(nav.scrollWidth <= nav.clientWidth),
                        String(document.documentElement.scrollWidth <= 390), String(inside)].join('|');
                """)
            #expect(fit == "true|true|true|true")
            try await client.click(.link("Notifications"))
            try client.expect(url: "/schedule?period=notifications")
        }
    }
}
