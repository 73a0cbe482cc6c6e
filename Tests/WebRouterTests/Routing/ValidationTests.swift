import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

private struct Home: ContentScreen {
    var match: Push<Home, Leaf>? = nil
    var game: Push<Home, Leaf>? = nil
    var sheet: Present<Home, Leaf>? = nil
    var stack: Present<Home, Navigation<Leaf>>? = nil
    func body(_ context: Void, router: Router<Home>) -> some HTML { "Home" }
}
private struct Other: ContentScreen {
    func body(_ context: Void, router: Router<Other>) -> some HTML { "Other" }
}
private struct Leaf: ContentScreen {
    typealias Context = Int
    var deeper: Push<Leaf, Leaf>? = nil
    func body(_ context: Int, router: Router<Leaf>) -> some HTML { "Leaf" }
}

@Suite("Start-up validation of the tree")
struct ValidationTests {
    func problems(_ make: () throws -> RouteTable) -> [String] {
        do { _ = try make(); return [] } catch let error as RouteTableError { return error.problems } catch { return ["\(error)"] }
    }

    @Test func duplicateTransitionNamesNameTheScreenAndBothProperties() {
        let found = problems { try RouteTable(Window(Navigation(Home(match: Push(Leaf()), game: Push(Leaf()).named("match"))))) }
        #expect(found == [#"Home declares two transitions named "match": `match` (Push to Leaf) and `game` (Push to Leaf); rename one with .named(_:)"#])
    }

    @Test func emptyAndInvalidNames() {
        let found = problems { try RouteTable(Window(Navigation(Home(match: Push(Leaf()).named(""), sheet: Present(Leaf()).named("~x"))))) }
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.contains("invalid URL name") && $0.hasPrefix("Home has a transition") })
    }

    @Test func twoTabsWithOneName() {
        let found = problems { try RouteTable(Window(Tabs { Navigation(Home()); Navigation(Other()).named("home") })) }
        #expect(found == [#"tab 0 (Home) and tab 1 (Other) are both named "home"; rename one with .named(_:)"#])
    }

    @Test func aTabNameCollidingWithAWindowCase() {
        let found = problems {
            try RouteTable(Window(selecting: { _ in 0 }) {
                Home()
                Tabs { Navigation(Other()).named("home") }
            })
        }
        #expect(found == [#"window case 0 (Home) and tab 0 (Other) are both named "home"; rename one with .named(_:)"#])
    }

    @Test func reservedNames() {
        let found = problems { try RouteTable(Window(Tabs { Navigation(Home()).named("static") })) }
        #expect(found == [#"tab 0 (Home) is named "static", which is reserved for the framework; rename it with .named(_:)"#])
    }

    @Test func pushOutsideANavigationStack() {
        let found = problems { try RouteTable(Window(Home(match: Push(Leaf())))) }
        #expect(found == ["Home pushes Leaf (`match`) but is not inside a Navigation; wrap it: Navigation(Home(…)) or present it"])
        // Inside a presented layer without Navigation too, but a presented Navigation may push.
        let presented = problems { try RouteTable(Window(Navigation(Home(sheet: Present(Leaf(deeper: Push(Leaf()))))))) }
        #expect(presented == ["Leaf pushes Leaf (`deeper`) but is not inside a Navigation; wrap it: Navigation(Leaf(…)) or present it"])
        #expect(problems { try RouteTable(Window(Navigation(Home(stack: Present(Navigation(Leaf(deeper: Push(Leaf())))))))) } == [])
    }

    @Test func everyProblemIsReportedAtOnce() {
        let found = problems {
            try RouteTable(Window(Tabs {
                Home(match: Push(Leaf()), game: Push(Leaf()).named("match"))
                Navigation(Other()).named("home")
            }))
        }
        #expect(found.count == 3)
        let error = RouteTableError(problems: found)
        #expect(error.description.hasPrefix("The screen tree has 3 problems:\n- "))
    }

    @Test func aValidTreeBuilds() throws {
        let table = try RouteTable(Window(Navigation(Home(match: Push(Leaf(deeper: Push(Leaf())))))))
        #expect(table.count == 3)
        #expect(table.parse(path: "/match/3/deeper/4").map(table.print) == "/match/3/deeper/4")
        #expect(table.parse(path: "/").map(table.print) == "/")
    }
}
