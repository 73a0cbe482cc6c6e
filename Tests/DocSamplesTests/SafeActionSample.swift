// CheckingEveryState.md: a POST action marked safe to run during the check, with example input.
import Foundation
import Testing
import WebRouter
import WebRouterTesting

final class LarderStock: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []
    func add(_ name: String) -> Int { lock.withLock { names.append(name); return names.count } }
    func name(_ id: Int) -> String { lock.withLock { id >= 1 && id <= names.count ? names[id - 1] : "Nothing yet" } }
}

struct Larder: ContentScreen {
    enum Action: String, ScreenAction { case store }
    let title = "Larder"
    let stock: LarderStock
    var tin: Push<Larder, Tin>

    func body(_ context: Void, router: Router<Larder>) -> some HTML {
        h1 { "Larder" }
        router.form(.store) {
            router.field("label", label: "Label")
            button(.type("submit")) { "Store" }
        }
    }

    func perform(_ action: Action, form: FormData, router: Router<Larder>) async throws -> ActionResult {
        .move(to: "/tin/\(stock.add(form["label"] ?? "?"))")
    }
}

struct Tin: ContentScreen {
    typealias Context = Int
    let stock: LarderStock
    func title(for id: Int) -> String { "Tin \(id)" }
    func body(_ id: Int, router: Router<Tin>) -> some HTML { h1 { stock.name(id) } }
}

@Suite struct SafeActionSample {
    @Test func theTinsAreReachedByStoringOne() async throws {
        let stock = LarderStock()
        let app = try Application(Window(Navigation(Larder(stock: stock, tin: Push(Tin(stock: stock))))),
                                  configuration: ApplicationConfiguration(appName: "Larder"))
        var options = StateCheckOptions(capPerScreen: 4)
        options.safeActions = [StateCheckOptions.SafeAction(Larder.self, .store, input: ["Label": "Peaches"])]
        let report = try await app.checkEveryState(options)
        #expect(report.states.map(\.url) == ["/", "/tin/1"])
    }
}
