import Foundation
import Testing
import WebRouter
import WebRouterTesting

// Issue 45: a flow's draft can be saved without moving on (a Save, a Back that keeps what was
// typed), it ends however the person leaves the flow (the sheet's ×, Escape, a link), and a
// bound like "tomorrow or later" is computed per request in the app's time zone.

private enum VisitStep: String, FlowStep { case when, who }

private struct Visit: ContentScreen {
    typealias Context = VisitStep
    enum Action: String, ScreenAction { case next }
    struct Draft: Codable, Sendable { var day: Day?; var guest = "" }
    struct When: Form {
        var day: Day?
        // Computed: read at each render and each validation, so "tomorrow" is today's tomorrow.
        static var fields: [Field<When>] {
            [.date("day", \.day, label: "Day", .required(), .min(Day.today.adding(days: 1), "Choose tomorrow or later."))]
        }
    }
    struct Who: Form {
        var guest = ""
        static let fields: [Field<Who>] = [.text("guest", \.guest, label: "Guest", .required())]
    }

    func body(_ step: VisitStep, router: Router<Visit>) -> some HTML {
        let draft = router.draft(Draft())
        switch step {
        case .when:
            router.form(.next, When(day: draft.day)) { fields in
                fields
                button(.type("submit")) { "Next" }
            }
        case .who:
            router.form(.next, Who(guest: draft.guest)) { fields in
                fields
                button(.type("submit")) { "Next" }
                // Buttons of the same form: what they send says which move it is.
                button(.type("submit"), .name("move"), .value("save"), .custom(name: "formnovalidate", value: "")) { "Save" }
                button(.type("submit"), .name("move"), .value("back"), .custom(name: "formnovalidate", value: "")) { "Back" }
            }
        }
        p { "Today here: \(router.request.today.formText)" }
    }

    func perform(_ action: Action, form: FormData, router: Router<Visit>) async throws -> ActionResult {
        var draft = router.draft(Draft())
        switch (form["move"], router.context) {
        case ("save", _):
            draft.guest = form["guest"] ?? draft.guest
            return router.saveDraft(draft) ?? .move(to: router.url)
        case ("back", _):
            draft.guest = form["guest"] ?? draft.guest
            return router.stepBack(saving: draft)
        case (_, .when):
            return try await router.validate(When.self, form) { when in
                draft.day = when.day
                return router.advance(saving: draft)
            }
        case (_, .who):
            return try await router.validate(Who.self, form) { who in
                draft.guest = who.guest
                return router.advance(saving: draft)
            }
        }
    }
}

private struct VisitLobby: ContentScreen {
    let title = "Lobby"
    var visit: Present<VisitLobby, Flow<Visit>>
    var other: Push<VisitLobby, Elsewhere>
    func body(_ context: Void, router: Router<VisitLobby>) -> some HTML {
        h1 { "Lobby" }
        a(.href(router.link(\.visit, .when))) { "Plan a visit" }
        a(.href(router.link(\.other))) { "Elsewhere" }
    }
}

private struct Elsewhere: ContentScreen {
    let title = "Elsewhere"
    func body(_ context: Void, router: Router<Elsewhere>) -> some HTML { p { "Somewhere else." } }
}

@Suite("A flow's draft: saved, ended, bounded per request")
struct FlowDraftLifetimeTests {
    private static func makeApp(timeZone: TimeZone? = nil) throws -> Application {
        var configuration = ApplicationConfiguration(
            appName: "Visits", secret: AppSecret(passphrase: String(repeating: "visit secret ", count: 4))!)
        configuration.logger.logLevel = .critical
        configuration.timeZone = timeZone
        return try Application(Window(Navigation(VisitLobby(visit: Flow(base: Visit()).present(), other: Push(Elsewhere())))),
                               configuration: configuration)
    }

    private func value(_ page: TestPage, _ name: String) -> String {
        page.forms.flatMap(\.fields).first { $0.name == name }?.value ?? ""
    }

    /// Through the first step to the second, with a guest typed there.
    @discardableResult
    private func startVisit(_ client: TestClient) async throws -> Day {
        try await client.get("/")
        try await client.click(.link("Plan a visit"))
        let day = Day.today.adding(days: 3)
        try await client.fill("Day", with: day)
        try await client.press("Next")
        try await client.fill("Guest", with: "Ada")
        return day
    }

    @Test(arguments: TestClient.Mode.allCases)
    func savingKeepsTheStepAndBackKeepsWhatWasTyped(mode: TestClient.Mode) async throws {
        try await Self.makeApp().test(mode) { client in
            let day = try await startVisit(client)
            let saved = try await client.press("Save")
            #expect(saved.url.hasSuffix("/who"))                       // no move
            #expect(value(saved, "guest") == "Ada")
            let back = try await client.press("Back")
            #expect(back.url.hasSuffix("/when") && value(back, "day") == day.formText)
            let forward = try await client.press("Next")
            #expect(forward.url.hasSuffix("/who") && value(forward, "guest") == "Ada")   // typed before Back, kept
        }
    }

    @Test(arguments: ["close link", "Escape", "a link elsewhere"])
    func leavingTheFlowAnyWayEndsItsDraft(way: String) async throws {
        try await Self.makeApp().test(.inProcess) { client in
            try await startVisit(client)
            try await client.press("Save")
            switch way {
            case "close link": try await client.dismiss(from: try #require(client.page))
            case "Escape": try await client.pressEscape()
            default:
                try await client.get("/other")
            }
            try client.expect(modals: [])
            let again = try await client.get("/~visit/when")
            #expect(value(again, "day").isEmpty, "the draft ended when the flow was left by \(way)")
            let who = try await client.get("/~visit/who")
            #expect(value(who, "guest").isEmpty)
        }
    }

    @Test func aPrefetchOutsideTheFlowDoesNotEndIt() async throws {
        try await Self.makeApp().test(.inProcess) { client in
            try await startVisit(client)
            try await client.press("Save")
            let flow = try #require(client.page).url
            try await client.request(.get, "/", headers: [("Sec-Purpose", "prefetch")])
            let back = try await client.get(flow)
            #expect(value(back, "guest") == "Ada")
        }
    }

    @Test(arguments: ["Pacific/Kiritimati", "Pacific/Pago_Pago"])
    func tomorrowIsCountedInTheAppsTimeZone(zone: String) async throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        try await Self.makeApp(timeZone: timeZone).test(.inProcess) { client in
            let page = try await client.get("/~visit/when")
            let today = Day.today(in: timeZone)
            #expect(page.visibleText.contains("Today here: \(today.formText)"))
            let day = try #require(page.forms.flatMap(\.fields).first { $0.name == "day" })
            #expect(day.rules["min"] == today.adding(days: 1).formText, "\(day.rules)")
            let refused = try await client.submit("next", on: page, ["day": today.formText])
            try refused.expect(status: 422, text: "Choose tomorrow or later.")
        }
    }
}
