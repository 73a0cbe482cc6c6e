import Foundation
import Testing
@testable import WebRouter

/// A basket whose items are only reached by posting its Add form: the state check runs the
/// POST actions an app marks safe, with example input, and reaches what they lead to.
enum BasketApp {
    final class Items: @unchecked Sendable {
        private let lock = NSLock()
        private var names: [String] = []
        func add(_ name: String) -> Int { lock.withLock { names.append(name); return names.count } }
        func name(_ id: Int) -> String? { lock.withLock { id >= 1 && id <= names.count ? names[id - 1] : nil } }
    }

    struct Basket: ContentScreen {
        enum Action: String, ScreenAction { case add }
        let title = "Basket"
        let items: Items
        var item: Push<Basket, Item>

        func body(_ context: Void, router: Router<Basket>) -> some HTML {
            h1 { "Basket" }
            router.form(.add) {
                router.field("item", label: "Item")
                button(.type("submit")) { "Add" }
            }
        }

        func perform(_ action: Action, form: FormData, router: Router<Basket>) async throws -> ActionResult {
            let name = form["item"] ?? ""
            guard !name.isEmpty else { return .invalid(FormErrors(general: ["Name the item."])) }
            return .move(to: "/item/\(items.add(name))")
        }
    }

    struct Item: ContentScreen {
        typealias Context = Int
        let items: Items
        func title(for id: Int) -> String { "Item \(id)" }
        func body(_ id: Int, router: Router<Item>) -> some HTML {
            h1 { items.name(id) ?? "No such item" }
        }
    }

    static func make() throws -> Application {
        let items = Items()
        return try Application(Window(Navigation(Basket(items: items, item: Push(Item(items: items))))),
                               configuration: ApplicationConfiguration(appName: "Basket"))
    }
}

@Suite struct SafeActionTests {
    @Test func aSafeActionIsPostedWithItsInputAndWhatItLeadsToIsReachedByClicks() async throws {
        var options = StateCheckOptions(capPerScreen: 2)
        options.safeActions = [StateCheckOptions.SafeAction(BasketApp.Basket.self, .add, input: ["Item": "Pears"])]
        let report = try await BasketApp.make().stateCheck(options)
        #expect(report.findings.isEmpty, "\(report.text)")
        let item = try #require(report.states.first { $0.url == "/item/1" })
        #expect(item.clickPath?.map(\.label) == ["root", "form “Add” posted"])
        #expect(item.screen == "Item")
    }

    @Test func withoutTheMarkTheStateIsOnlyDeclared() async throws {
        let report = try await BasketApp.make().stateCheck(StateCheckOptions(capPerScreen: 2))
        #expect(report.findings.map(\.problem) == ["no click reaches this state; the nearest state clicks reach is / (Basket)"])
    }

    @Test func theCheckCommandReadsSafeActions() throws {
        let action = try CheckCommand.safeAction("Basket:add?Item=Pears%20and%20plums&note=")
        #expect(action.screen == "Basket" && action.action == "add")
        #expect(action.input == ["Item": "Pears and plums", "note": ""])
        #expect(throws: (any Error).self) { try CheckCommand.safeAction("Basket?Item=Pears") }
    }

    @Test func aSafeActionRefusingItsInputIsReported() async throws {
        var options = StateCheckOptions(capPerScreen: 2)
        options.safeActions = [StateCheckOptions.SafeAction(screen: "Basket", action: "add", input: ["item": ""])]
        let report = try await BasketApp.make().stateCheck(options)
        #expect(report.findings.map(\.problem).contains("posting the form “Add” (Basket.add, marked safe) with its example input answers 422"))
        #expect(report.findings.first { $0.problem.hasPrefix("posting") }?.url == "/")
    }
}
