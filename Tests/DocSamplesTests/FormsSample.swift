// The samples of Forms.md: a typed form declared once, a screen that shows and submits it,
// a flow that keeps a typed draft, and a test that fills typed values.
import Foundation
import Testing
import WebRouter
import WebRouterTesting

enum RoomType: String, URLContext, CaseIterable { case standard, suite }

struct BookingForm: Form {
    var checkIn: Day?
    var nights = 1
    var room = RoomType.standard
    var email = ""
    var acceptsTerms = false

    static let fields: [Field<BookingForm>] = [
        .date("check_in", \.checkIn, label: "Check-in date", .required("Choose a date."), .min(Day(year: 2030, month: 1, day: 1)!)),
        .integer("nights", \.nights, label: "Nights", .range(1...30)),
        .choice("room", \.room, label: "Room", style: .radios) { $0 == .suite ? "Suite" : "Standard room" },
        .text("email", \.email, label: "E-mail", type: .email, autocomplete: "email", .required()),
        .checkbox("terms", \.acceptsTerms, label: "I accept the terms", .required("Accept the terms to book.")),
    ]
}

/// Options and a bound computed for each request (Forms.md, "Bounds and choices per request").
struct Visit: Form {
    var room: RoomType?
    var day: Day?
    static let fields: [Field<Visit>] = [
        .choice("room", \.room, label: "Room", options: { request in
            request.query["hotel"] == "harbour" ? [.standard] : RoomType.allCases
        }) { $0 == .suite ? "Suite" : "Standard room" },
        .date("day", \.day, label: "Day", .required(), .min("Choose today or later.") { $0.today }),
    ]
}

actor Bookings {
    private(set) var all: [BookingForm] = []
    func add(_ booking: BookingForm) { all.append(booking) }
}

struct Hotel: ContentScreen {
    enum Action: String, ScreenAction { case book }
    let bookings: Bookings

    func body(_ context: Void, router: Router<Hotel>) -> some HTML {
        h1 { "Book a room" }
        router.form(.book, BookingForm(), .class("form")) { fields in
            fields
            button(.type("submit"), .class("button button-primary")) { "Book" }
        }
    }

    func perform(_ action: Action, form: FormData, router: Router<Hotel>) async throws -> ActionResult {
        try await router.validate(BookingForm.self, form) { booking in
            await bookings.add(booking)
            return .move(to: router.url)
        }
    }
}

enum StayStep: String, FlowStep { case dates, guests }

struct Stay: ContentScreen {
    typealias Context = StayStep
    enum Action: String, ScreenAction { case dates, guests }
    struct Draft: Codable, Sendable { var checkIn: Day?; var guests = 1 }
    struct Dates: Form {
        var checkIn: Day?
        static let fields: [Field<Dates>] = [.date("check_in", \.checkIn, label: "Check-in date", .required())]
    }
    struct Guests: Form {
        var guests = 1
        static let fields: [Field<Guests>] = [.integer("guests", \.guests, label: "Guests", .range(1...6))]
    }

    func body(_ step: StayStep, router: Router<Stay>) -> some HTML {
        let draft = router.draft(Draft())
        switch step {
        case .dates: router.form(.dates, Dates(checkIn: draft.checkIn)) { fields in fields; button(.type("submit")) { "Next" } }
        case .guests: router.form(.guests, Guests(guests: draft.guests)) { fields in fields; button(.type("submit")) { "Done" } }
        }
    }

    func perform(_ action: Action, form: FormData, router: Router<Stay>) async throws -> ActionResult {
        var draft = router.draft(Draft())
        switch action {
        case .dates:
            return try await router.validate(Dates.self, form) { dates in
                draft.checkIn = dates.checkIn
                return router.advance(saving: draft)
            }
        case .guests:
            return try await router.validate(Guests.self, form) { guests in
                draft.guests = guests.guests
                router.discardDraft()                     // finished: the draft is gone
                return .move(to: router.finish)
            }
        }
    }
}

@Suite struct FormsSampleTests {
    @Test func aBookingIsFilledWithTypedValues() async throws {
        let bookings = Bookings()
        let app = try Application(Window(Navigation(Hotel(bookings: bookings))),
                                  configuration: ApplicationConfiguration(appName: "Hotel", secret: AppSecret(passphrase: String(repeating: "hotel ", count: 6))!))
        try await app.test { client in
            try await client.get("/")
            try await client.fill("Check-in date", with: Day(year: 2030, month: 5, day: 1)!)
            try await client.fill("Nights", with: 3)
            try await client.fill("Room", with: RoomType.suite)
            try await client.fill("E-mail", with: "ada@example.org")
            try await client.fill("I accept the terms", with: true)
            try await client.press("Book")
            #expect(await bookings.all.first?.nights == 3)
        }
    }
}
