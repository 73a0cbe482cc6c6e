// CheckingEveryState.md: a pantry of jars, checked state by state in a test.
import Testing
import WebRouter
import WebRouterTesting

struct Pantry: ContentScreen {
    let title = "Pantry"
    var jar: Push<Pantry, Jar>

    func body(_ context: Void, router: Router<Pantry>) -> some HTML {
        h1 { "Pantry" }
        ul {
            for id in [1, 2, 3] { li { a(.href(router.link(\.jar, id))) { "Jar \(id)" } } }
        }
    }
}

struct Jar: ContentScreen, ScreenExamples {
    typealias Context = Int
    /// Checked besides the jars the pantry links to: the empty jar no link shows today.
    static let examples = [0, 1]

    func title(for id: Int) -> String { "Jar \(id)" }
    func body(_ id: Int, router: Router<Jar>) -> some HTML {
        h1 { "Jar \(id)" }
        p { id == 0 ? "Empty." : "Jam." }
    }
}

func makePantryApp() throws -> Application {
    try Application(Window(Navigation(Pantry(jar: Push(Jar())))),
                    configuration: ApplicationConfiguration(appName: "Pantry"))
}

@Suite struct CheckingEveryStateSample {
    @Test func everyStateOfThePantry() async throws {
        let app = try makePantryApp()
        let report = try await app.checkEveryState(StateCheckOptions(capPerScreen: 4))
        #expect(report.findings.isEmpty)
        #expect(report.states.map(\.url) == ["/", "/jar/1", "/jar/2", "/jar/3", "/jar/0"])
    }

    @Test func reportWithoutFailingTheTest() async throws {
        let app = try makePantryApp()
        let report = await app.stateCheck(StateCheckOptions(capPerScreen: 2))
        print(report.summary)   // 4 states, 2 moves, 3 reached by clicks, 0 failed (0.0 s)
        #expect(report.states.count == 4)
    }
}
