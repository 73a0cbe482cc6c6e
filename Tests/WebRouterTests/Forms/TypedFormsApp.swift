import Foundation
import WebRouter

// A small app whose one form holds every kind of typed field, for the tests of typed forms:
// what the action received is kept in a BookingInbox the tests read.

actor BookingInbox {
    private(set) var received: [Booking] = []
    func record(_ booking: Booking) { received.append(booking) }
}

enum RoomKind: String, URLContext, CaseIterable { case single, double, suite }
enum Extra: String, URLContext, CaseIterable, Comparable {
    case breakfast, parking, late
    static func < (a: Extra, b: Extra) -> Bool { a.rawValue < b.rawValue }
}

struct Booking: Form, Equatable {
    var name = ""
    var email = ""
    var password = ""
    var search = ""
    var website: String?
    var phone: String?
    var notes = ""
    var nights = 1
    var budget: Decimal?
    var checkIn: Day?
    var arrival: TimeOfDay?
    var reminder: DateTime?
    var terms = false
    var room = RoomKind.double
    var view: RoomKind?
    var extras: Set<Extra> = []
    var passport: FormFile?
    var version = 3
    var confirmation = ""

    static let fields: [Field<Booking>] = [
        .text("name", \.name, label: "Full <name>", hint: "As on your passport", autocomplete: "name", .required("Enter your name."), .maxLength(40)),
        .text("email", \.email, label: "E-mail", type: .email, autocomplete: "email", .required()),
        .text("password", \.password, label: "Password", type: .password, autocomplete: "new-password", .minLength(8)),
        .text("confirmation", \.confirmation, label: "Password again", type: .password, autocomplete: "new-password"),
        .text("search", \.search, label: "Search", type: .search, .pattern("[a-z ]*", "Use a–z and spaces.")),
        .text("website", \.website, label: "Website", type: .url),
        .text("phone", \.phone, label: "Phone", type: .telephone, autocomplete: "tel"),
        .multiline("notes", \.notes, label: "Notes", .maxLength(200)),
        .integer("nights", \.nights, label: "Nights", .range(1...30), .step(1)),
        .decimal("budget", \.budget, label: "Budget", .min(0), .step(Decimal(string: "0.5")!)),
        .date("check_in", \.checkIn, label: "Check-in date", .required(), .min(Day(year: 2030, month: 1, day: 1)!)),
        .time("arrival", \.arrival, label: "Arrival time", .range(TimeOfDay(hour: 12, minute: 0)!...TimeOfDay(hour: 23, minute: 0)!)),
        .dateTime("reminder", \.reminder, label: "Reminder"),
        .checkbox("terms", \.terms, label: "I accept the terms", .required("Accept the terms.")),
        .choice("room", \.room, label: "RoomKind", style: .radios) { $0.rawValue.capitalized },
        .choice("view", \.view, label: "View", .custom("No suite views.") { $0 != .suite }) { $0.rawValue.capitalized },
        .choices("extras", \.extras, label: "Extras") { $0.rawValue.capitalized },
        .file("passport", \.passport, label: "Passport scan", .maxSize(1024), .types(["image/png", ".pdf"])),
        .hidden("version", \.version),
    ]

    /// Uploads over 64 KiB in all are an error on the passport field.
    static let maxBodySize = 64 * 1024

    static let rules: [FormRule<Booking>] = [
        FormRule(\.confirmation, "The two passwords differ.") { $0.password == $0.confirmation },
    ]
}

struct Hotel: ContentScreen {
    enum Action: String, ScreenAction { case book }
    let inbox: BookingInbox
    let title = "Hotel"
    func body(_ context: Void, router: Router<Hotel>) -> some HTML {
        h1 { "Hotel" }
        router.form(.book, Booking()) { fields in
            fields
            button(.type("submit")) { "Book" }
        }
    }
    func perform(_ action: Action, form: FormData, router: Router<Hotel>) async throws -> ActionResult {
        try await router.validate(Booking.self, form) { booking in
            await inbox.record(booking)
            return .move(to: router.url)
        }
    }
}

enum TypedFormsApp {
    static func make(inbox: BookingInbox = BookingInbox()) throws -> Application {
        var configuration = ApplicationConfiguration(appName: "Hotel", secret: AppSecret(passphrase: String(repeating: "hotel secret ", count: 4))!)
        configuration.logger.logLevel = .critical
        return try Application(Window(Navigation(Hotel(inbox: inbox))), configuration: configuration)
    }
}
