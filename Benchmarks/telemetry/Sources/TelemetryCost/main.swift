import CoreMetrics
import InMemoryTracing
import MetricsTestKit
import Tracing
import WebRouter
import WebRouterTesting

// TelemetryCost <none|noop|memory> <requests>
// Answers `/feed/tournament/5/match/12` <requests> times in process, after bootstrapping:
//   none    nothing (swift-metrics' NOOP factory, no tracer)
//   noop    swift-metrics' NOOPMetricsHandler and swift-distributed-tracing's NoOpTracer, explicitly
//   memory  MetricsTestKit's TestMetrics and InMemoryTracing's InMemoryTracer (finished spans
//           cleared every 100 requests, so the list stays short)

struct Feed: ContentScreen {
    let title = "Feed"
    let tabIcon: String? = "⚽"
    var tournament: Push<Feed, Tournament>
    func body(_ context: Void, router: Router<Feed>) -> some HTML {
        h1 { "Feed" }
        a(.href(router.link(\.tournament, 5))) { "Tournament 5" }
    }
}

struct Tournament: ContentScreen {
    typealias Context = Int
    var match: Push<Tournament, Match>
    func title(for context: Int) -> String { "Tournament \(context)" }
    func body(_ id: Int, router: Router<Tournament>) -> some HTML {
        h1 { "Tournament \(id)" }
        ul { for match in 10..<14 { li { a(.href(router.link(\.match, match))) { "Match \(match)" } } } }
    }
}

struct Match: ContentScreen {
    typealias Context = Int
    func title(for context: Int) -> String { "Match \(context)" }
    func body(_ id: Int, router: Router<Match>) -> some HTML {
        h1 { "Match \(id)" }
        p(.class("muted")) { "Rovers 2 – 1 Wanderers, kick-off 15:00." }
    }
}

struct Search: ContentScreen {
    let title = "Search"
    let tabIcon: String? = "🔍"
    func body(_ context: Void, router: Router<Search>) -> some HTML { h1 { "Search" } }
}

let arguments = CommandLine.arguments
let mode = arguments.count > 1 ? arguments[1] : "none"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 1000 : 1000

var tracer: InMemoryTracer?
switch mode {
case "none":
    break
case "noop":
    MetricsSystem.bootstrap(NOOPMetricsHandler.instance)
    InstrumentationSystem.bootstrap(NoOpTracer())
case "memory":
    MetricsSystem.bootstrap(TestMetrics())
    let memory = InMemoryTracer()
    InstrumentationSystem.bootstrap(memory)
    tracer = memory
default:
    fatalError("mode: none, noop or memory")
}

let app = try Application(
    Window(Tabs {
        Navigation(Feed(tournament: Push(Tournament(match: Push(Match())))))
        Navigation(Search())
    }),
    configuration: ApplicationConfiguration(appName: "Scores"))
let client = try TestClient(app, mode: .inProcess)
var bytes = 0
for index in 0..<count {
    let page = try await client.get("/feed/tournament/5/match/12")
    bytes += page.body.count
    if index % 100 == 99 { tracer?.clearAll() }
}
print("\(mode): \(count) requests, \(bytes / max(count, 1)) bytes each")
