import Foundation
import Testing
import WebRouter
import WebRouterTesting

// A form whose options and bounds are computed for each request: the rooms by the query's
// hotel, the extras by the session (members get more), and the day no earlier than today in
// the app's time zone (UTC+14, where the date is rarely the machine's).

actor StayInbox {
    private(set) var received: [Stay] = []
    func record(_ stay: Stay) { received.append(stay) }
}

struct Stay: Form {
    var room: RoomKind?
    var extras: Set<Extra> = []
    var day: Day?

    static let fields: [Field<Stay>] = [
        .choice("room", \.room, label: "Room", options: { request in
            request.query["hotel"] == "harbour" ? [.single, .double] : RoomKind.allCases
        }) { $0.rawValue.capitalized },
        .choices("extras", \.extras, label: "Extras", options: { request in
            request.session["member"] == nil ? [.breakfast] : Extra.allCases
        }) { $0.rawValue.capitalized },
        .date("day", \.day, label: "Day", .required(), .min("Choose today or later.") { $0.today }),
    ]
}

struct Lodge: ContentScreen {
    enum Action: String, ScreenAction { case book, join }
    let inbox: StayInbox
    let title = "Lodge"
    func body(_ context: Void, router: Router<Lodge>) -> some HTML {
        h1 { "Lodge" }
        router.form(.book, Stay()) { fields in
            fields
            button(.type("submit")) { "Book" }
        }
    }
    func perform(_ action: Action, form: FormData, router: Router<Lodge>) async throws -> ActionResult {
        switch action {
        case .join:
            router.request.updateSession { $0["member"] = "yes" }
            return .move(to: router.url)
        case .book:
            return try await router.validate(Stay.self, form) { stay in
                await inbox.record(stay)
                return .move(to: router.url)
            }
        }
    }
}

@Suite("Typed forms: options and bounds per request")
struct PerRequestChoicesTests {
    static let appZone = TimeZone(identifier: "Pacific/Kiritimati")!     // UTC+14
    static let behindZone = TimeZone(identifier: "Pacific/Pago_Pago")!   // UTC−11: always an earlier date
    let inbox = StayInbox()
    let app: Application

    init() throws {
        var configuration = ApplicationConfiguration(appName: "Lodge", secret: AppSecret(passphrase: String(repeating: "lodge secret ", count: 4))!)
        configuration.logger.logLevel = .critical
        configuration.timeZone = Self.appZone
        app = try Application(Window(Navigation(Lodge(inbox: inbox))), configuration: configuration)
    }

    private func roomOptions(_ page: TestPage) throws -> [String] {
        try #require(page.state.forms.first?.fields.first { $0.name == "room" }?.options).map(\.value)
    }

    private func submit(_ client: TestClient, to url: String, _ fields: [(String, String)]) async throws -> TestPage {
        let csrf = try #require(client.page?.state.forms.first?.fields.first { $0.name == "_csrf" }?.value)
        return try await client.post(url, form: [("_action", "book"), ("_csrf", csrf)] + fields)
    }

    private var today: String { Day.today(in: Self.appZone).formText }

    @Test func theOptionsShownFollowTheQuery() async throws {
        try await app.test { client in
            let everyRoom = try roomOptions(try await client.get("/"))
            #expect(everyRoom == ["", "single", "double", "suite"])
            let harbour = try roomOptions(try await client.get("/?hotel=harbour"))
            #expect(harbour == ["", "single", "double"])
        }
    }

    @Test func aValueOutsideTheOptionsOfTheRequestThatSubmitsItIsRefused() async throws {
        try await app.test { client in
            try await client.get("/?hotel=harbour")
            let refused = try await submit(client, to: "/?hotel=harbour", [("room", "suite"), ("day", today)])
            #expect(refused.status.code == 422)
            #expect(refused.state.forms.first?.fields.first { $0.name == "room" }?.error == "Choose from the list.")
            let offered = try roomOptions(refused)
            #expect(offered == ["", "single", "double"], "the form drawn again offers this request's rooms")
            #expect(await inbox.received.isEmpty)

            try await client.get("/")
            let accepted = try await submit(client, to: "/", [("room", "suite"), ("day", today)])
            #expect(accepted.status.code == 200)
            #expect(await inbox.received.last?.room == .suite)
        }
    }

    @Test func theOptionsFollowTheSession() async throws {
        try await app.test { client in
            let signedOut = try await client.get("/")
            #expect(signedOut.text.contains(#"value="breakfast""#) && !signedOut.text.contains(#"value="parking""#))
            let refused = try await submit(client, to: "/", [("extras", "parking"), ("day", today)])
            #expect(refused.status.code == 422)
            #expect(refused.state.forms.first?.fields.first { $0.name == "extras" }?.error == "Choose from the list.")
            #expect(await inbox.received.isEmpty)

            let csrf = try #require(client.page?.state.forms.first?.fields.first { $0.name == "_csrf" }?.value)
            let member = try await client.post("/", form: [("_action", "join"), ("_csrf", csrf)])
            #expect(member.text.contains(#"value="parking""#))
            let accepted = try await submit(client, to: "/", [("extras", "parking"), ("day", today)])
            #expect(accepted.status.code == 200)
            #expect(await inbox.received.last?.extras == [.parking])
        }
    }

    @Test func aDayBeforeTodayInTheAppsTimeZoneIsRefused() async throws {
        try await app.test { client in
            let page = try await client.get("/")
            #expect(page.text.contains(#"name="day" type="date" required min="\#(today)""#))
            let yesterday = Day.today(in: Self.behindZone).formText   // a day or two before the app's today
            let refused = try await submit(client, to: "/", [("day", yesterday)])
            #expect(refused.status.code == 422)
            #expect(refused.state.forms.first?.fields.first { $0.name == "day" }?.error == "Choose today or later.")
            #expect(await inbox.received.isEmpty)
            let accepted = try await submit(client, to: "/", [("day", today)])
            #expect(accepted.status.code == 200)
            #expect(await inbox.received.last?.day == Day.today(in: Self.appZone))
        }
    }

    @Test func validatingOutsideARequestTakesTheRequestToCheckAgainst() {
        let form = FormData(fields: [("room", "suite"), ("day", Day.today(in: Self.appZone).adding(days: 1).formText)])
        let harbour = RequestContext(request: HTTPRequest(method: .post, path: "/?hotel=harbour"))
        guard case .failure(let errors) = Stay.validate(form, request: harbour) else { Issue.record("valid"); return }
        #expect(errors["room"] == "Choose from the list.")
        #expect((try? Stay.validate(form, request: RequestContext()).get())?.room == .suite)
    }
}
