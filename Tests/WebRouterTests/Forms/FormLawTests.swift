import Foundation
import Testing
@testable import WebRouter
import WebRouterTesting

/// The law of typed forms, as for URLs: a value printed into its form and submitted as a
/// browser submits it decodes to the same value. Seeded and reproducible: set
/// WEBROUTER_PROPERTY_SEED to replay a run.
@Suite("Typed forms: the print/submit/decode law")
struct FormLawTests {
    static let seed: UInt64 = ProcessInfo.processInfo.environment["WEBROUTER_PROPERTY_SEED"].flatMap(UInt64.init) ?? 0xF0_2026

    @Test("decode(submission(v)) == v over 3 000 generated values")
    func submissionDecodesToTheSameValue() {
        var rng = SplitMix64(seed: Self.seed)
        for index in 0..<3_000 {
            let value = Everything.random(using: &rng)
            let decoded = Everything.validate(value.submission)
            #expect((try? decoded.get()) == value, "seed \(Self.seed) case \(index): \(value) → \(decoded)")
        }
    }

    /// Printed into the page's HTML, read back by the kit as a browser builds the form's
    /// entries (text areas' line breaks as CR LF), posted, decoded by the action.
    @Test("a value printed into its page and submitted decodes to the same value", arguments: [TestClient.Mode.inProcess, .live])
    func printedPageSubmitsTheSameValue(_ mode: TestClient.Mode) async throws {
        try await checkPrintedPages(mode, count: mode == .inProcess ? 300 : 60)
    }

    @Test("in Chromium: a value printed into its page and submitted decodes to the same value",
          .enabled(if: WebDriverSessionAvailability.reason == nil))
    func chromiumSubmitsTheSameValue() async throws {
        try await checkPrintedPages(.browser, count: 12)
    }

    private func checkPrintedPages(_ mode: TestClient.Mode, count: Int) async throws {
        let store = LawStore()
        var configuration = ApplicationConfiguration(appName: "Law", secret: AppSecret(passphrase: String(repeating: "law secret ", count: 4))!)
        configuration.logger.logLevel = .critical
        let app = try Application(Window(Navigation(LawScreen(store: store))), configuration: configuration)
        var rng = SplitMix64(seed: Self.seed &+ 7)
        try await app.test(mode) { client in
            for index in 0..<count {
                let value = Everything.random(using: &rng)
                await store.show(value)
                try await client.get("/")
                try await client.press("Save")
                let received = await store.received
                #expect(received == value, "seed \(Self.seed) case \(index) (\(mode)): printed \(value), decoded \(String(describing: received))")
            }
        }
    }
}

/// Whether the browser suites can run here (chromedriver and Chromium installed).
enum WebDriverSessionAvailability {
    static let reason: String? = {
        let paths = ["/usr/bin/chromedriver", "/usr/local/bin/chromedriver"]
        return paths.contains(where: FileManager.default.isExecutableFile(atPath:)) ? nil : "chromedriver is not installed"
    }()
}

actor LawStore {
    private(set) var shown = Everything()
    private(set) var received: Everything?
    func show(_ value: Everything) { shown = value; received = nil }
    func receive(_ value: Everything) { received = value }
}

struct LawScreen: ContentScreen {
    enum Action: String, ScreenAction { case save }
    let store: LawStore
    let title = "Law"
    func body(_ context: Void, router: Router<LawScreen>) async throws -> some HTML {
        let value = await store.shown
        router.form(.save, value) { fields in
            fields
            button(.type("submit")) { "Save" }
        }
    }
    func perform(_ action: Action, form: FormData, router: Router<LawScreen>) async throws -> ActionResult {
        try await router.validate(Everything.self, form) { value in
            await store.receive(value)
            return .move(to: router.url)
        }
    }
}

enum LawColour: String, URLContext, CaseIterable { case red, green, blue }
enum LawSize: String, URLContext, CaseIterable, Comparable {
    case small, medium, large
    static func < (a: LawSize, b: LawSize) -> Bool { a.rawValue < b.rawValue }
}

/// A form with a field of every kind a value travels in.
struct Everything: Form, Equatable {
    var text = ""
    var search: String?
    var email = ""
    var password = ""
    var notes = ""
    var count = 0
    var amount: Decimal?
    var day: Day?
    var time: TimeOfDay?
    var moment: DateTime?
    var flag = false
    var colour = LawColour.red
    var size: LawSize?
    var sizes: Set<LawSize> = []
    var id = 0

    static let fields: [Field<Everything>] = [
        .text("text", \.text, label: "Text"),
        .text("search", \.search, label: "Search", type: .search),
        .text("email", \.email, label: "E-mail", type: .email),
        .text("password", \.password, label: "Password", type: .password),
        .multiline("notes", \.notes, label: "Notes"),
        .integer("count", \.count, label: "Count"),
        .decimal("amount", \.amount, label: "Amount"),
        .date("day", \.day, label: "Day"),
        .time("time", \.time, label: "Time"),
        .dateTime("moment", \.moment, label: "Moment"),
        .checkbox("flag", \.flag, label: "Flag"),
        .choice("colour", \.colour, label: "LawColour", style: .radios) { $0.rawValue },
        .choice("size", \.size, label: "LawSize") { $0.rawValue },
        .choices("sizes", \.sizes, label: "Sizes") { $0.rawValue },
        .hidden("id", \.id),
    ]

    /// A value a person can leave in the form: text trimmed, no control characters.
    static func random(using rng: inout SplitMix64) -> Everything {
        var value = Everything()
        value.text = text(using: &rng, lines: false)
        value.search = Bool.random(using: &rng) ? nil : nonEmpty(text(using: &rng, lines: false))
        value.email = Bool.random(using: &rng) ? "" : ["ada", "b.c+d", "x_y"].randomElement(using: &rng)! + "@" + ["example.org", "a-b.co", "xn--bcher-kva.de"].randomElement(using: &rng)!
        value.password = Bool.random(using: &rng) ? " " + text(using: &rng, lines: false) + " " : text(using: &rng, lines: false)
        value.notes = text(using: &rng, lines: true)
        value.count = Int.random(in: -1_000_000_000_000...1_000_000_000_000, using: &rng)
        if Bool.random(using: &rng) {
            let units = Int.random(in: -10_000_000...10_000_000, using: &rng)
            value.amount = Decimal(units) / pow(Decimal(10), Int.random(in: 0...4, using: &rng))
        }
        if Bool.random(using: &rng) {
            let year = Int.random(in: 1...9999, using: &rng), month = Int.random(in: 1...12, using: &rng)
            value.day = Day(year: year, month: month, day: Int.random(in: 1...Day.length(of: month, in: year), using: &rng))
        }
        let time = TimeOfDay(hour: Int.random(in: 0...23, using: &rng), minute: Int.random(in: 0...59, using: &rng))
        if Bool.random(using: &rng) { value.time = time }
        if Bool.random(using: &rng), let day = Day(year: Int.random(in: 1900...2100, using: &rng), month: 2, day: 28), let time {
            value.moment = DateTime(day: day.adding(days: Int.random(in: -400...400, using: &rng)), time: time)
        }
        value.flag = Bool.random(using: &rng)
        value.colour = LawColour.allCases.randomElement(using: &rng)!
        value.size = Bool.random(using: &rng) ? nil : LawSize.allCases.randomElement(using: &rng)
        value.sizes = Set(LawSize.allCases.filter { _ in Bool.random(using: &rng) })
        value.id = Int.random(in: 0...Int.max, using: &rng)
        return value
    }

    static let alphabet: [String] = [
        "a", "Z", "0", " ", "<", ">", "&", "\"", "'", "=", "+", "%", "#", "?", "/", ";",
        "é", "ß", "ø", "Ω", "ж", "中", "文", "ع", "ש", "😀", "👩‍👩‍👧", "e\u{301}", "ﬁ", "\u{A0}x",
    ]

    static func text(using rng: inout SplitMix64, lines: Bool) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...24, using: &rng) {
            text += lines && Int.random(in: 0..<8, using: &rng) == 0 ? "\n" : alphabet.randomElement(using: &rng)!
        }
        return trimmed(text)
    }

    static func trimmed(_ text: String) -> String {
        var view = Substring(text)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }

    static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}
