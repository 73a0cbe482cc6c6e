import WebRouter

// The three-step trip flow (a date, two numbers, a choice) written twice, with typed forms
// (TripFlowTyped.swift) and with `router.field`/FormData strings (TripFlowStrings.swift),
// hosted the same way, so TripFlowTests asserts the same behaviour on both.

enum TripStep: String, FlowStep { case dates, party, room }

enum TripRoom: String, URLContext, CaseIterable, Codable {
    case standard, suite
    var title: String { self == .standard ? "Standard room" : "Suite" }
}

/// What a finished flow booked.
struct Trip: Equatable, Sendable {
    var checkIn: Day
    var adults: Int
    var children: Int
    var room: TripRoom
}

actor TripInbox {
    private(set) var booked: [Trip] = []
    func record(_ trip: Trip) { booked.append(trip) }
}

struct TripHome<Steps: ContentScreen>: ContentScreen where Steps.Context == TripStep {
    let title = "Trips"
    var plan: Present<TripHome, Flow<Steps>>
    func body(_ context: Void, router: Router<TripHome>) -> some HTML {
        h1 { "Trips" }
        a(.href(router.link(\.plan, .dates))) { "Plan a trip" }
    }
}

enum TripApps {
    static func make<Steps: ContentScreen>(_ steps: Steps) throws -> Application where Steps.Context == TripStep {
        var configuration = ApplicationConfiguration(appName: "Trips", secret: AppSecret(passphrase: String(repeating: "trip secret ", count: 4))!)
        configuration.logger.logLevel = .critical
        return try Application(Window(Navigation(TripHome(plan: Flow(base: steps).present()))), configuration: configuration)
    }
}

/// Next (a submit) and Back (a link) of a step.
struct TripButtons: HTML {
    let back: String?
    func render(into output: inout HTMLOutput) {
        p {
            button(.type("submit")) { "Next" }
            if let back { a(.href(back)) { "Back" } }
        }.render(into: &output)
    }
}
