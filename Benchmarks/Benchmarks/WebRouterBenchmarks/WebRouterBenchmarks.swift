import Benchmark
import WebRouter

// Micro benchmarks of the framework's hot path, through its public API:
//   parse    RouteTable.parse(path:)         URL → typed state
//   print    RouteTable.print(_:)            typed state → URL
//   render   Application.respond(to:)        resolve + render a whole page (GET with a browser-ID
//                                            cookie: session, CSRF token, chrome, headers)
// for stacks 1…32 screens deep and for lists of 30, 300 and 3000 items.
//
// The fast ones run 1,000 operations per measurement (scalingFactor .kilo; the tables show
// the figures per operation, marked *): an async benchmark is started on a task the
// harness wakes on another thread for every measurement, and with one operation each that
// wake-up (a futex and a context switch, about as long as a whole render) and the cold
// caches after it were most of what was measured.
//
//     cd Benchmarks && swift package benchmark
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        maxDuration: .seconds(1),
        maxIterations: 100_000)

    let app: Application
    do {
        app = try SyntheticTree.application()
    } catch {
        fatalError("the synthetic tree does not validate: \(error)")
    }
    let table = app.table
    // A returning browser: a well-formed CSRF browser ID, so no new cookie is issued.
    let cookie: HTTPHeaders = ["Cookie": "wr_csrf=AAAAAAAAAAAAAAAAAAAAAA"]
    let batched = Benchmark.Configuration(scalingFactor: .kilo)

    for depth in [1, 2, 4, 8, 16, 32] {
        let url = SyntheticTree.deepURL(depth: depth)
        guard let state = table.parse(path: url), table.print(state) == url else {
            fatalError("\(url) does not round-trip")
        }
        Benchmark("parse depth \(depth)", configuration: batched) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(table.parse(path: url))
            }
        }
        Benchmark("print depth \(depth)", configuration: batched) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(table.print(state))
            }
        }
        let request = HTTPRequest(path: url, headers: cookie)
        Benchmark("render depth \(depth)", configuration: batched) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(await app.respond(to: request))
            }
        }
    }

    for count in [30, 300, 3000] {
        let request = HTTPRequest(path: "/listing/\(count)", headers: cookie)
        // 300 and 3,000 items take long enough for the wake-up not to matter.
        Benchmark("render list \(count)", configuration: count <= 30 ? batched : .init()) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(await app.respond(to: request))
            }
        }
    }
}
