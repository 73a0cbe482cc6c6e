// swift-tools-version:6.1
// Benchmarks for WebRouter, kept out of the main package so its build stays lean.
//   swift package benchmark                      micro benchmarks (parse, print, resolve + render)
//   make bench  (from the repository root)       HTTP benchmark against raw libmicrohttpd, Hummingbird, nginx
import PackageDescription

let package = Package(
    name: "WebRouterBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "WebRouter", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // Micro benchmarks: wall time and mallocs per parse, print and rendered page.
        .executableTarget(
            name: "WebRouterBenchmarks",
            dependencies: [
                .product(name: "WebRouter", package: "WebRouter"),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/WebRouterBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // The Hummingbird 2 comparison server: answers every GET with one file's bytes.
        .executableTarget(
            name: "HummingbirdServer",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "Sources/HummingbirdServer"
        ),
        // The fair Hummingbird peer: Hummingbird 2 + swift-mustache rendering the deep-link page
        // from a template loaded at start with a context built for each request.
        .executableTarget(
            name: "HummingbirdMustacheServer",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            path: "Sources/HummingbirdMustacheServer",
            exclude: ["Templates"]  // read from disk at start, as a Hummingbird app does: run.py passes the folder
        ),
        // libpq (Debian: libpq-dev): FortunesWebRouter's synchronous driver, a read on the
        // request's own thread (`FORTUNES_DRIVER=libpq`), beside PostgresNIO's event loop.
        .systemLibrary(
            name: "CLibPQ",
            path: "Sources/CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        // WebRouter's HTTP server answering the same stored bytes: webapp's cost minus the page.
        .executableTarget(
            name: "StoredPageServer",
            dependencies: [.product(name: "WebRouter", package: "WebRouter")],
            path: "Sources/StoredPageServer"
        ),
        // TechEmpower's Fortunes test (`make fortunes`): WebRouter reading the Fortune table from
        // PostgreSQL and rendering its bare page.
        .executableTarget(
            name: "FortunesWebRouter",
            dependencies: [
                .product(name: "WebRouter", package: "WebRouter"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                "CLibPQ",
            ],
            path: "Sources/FortunesWebRouter"
        ),
        // The same test written as Hummingbird 2's own TechEmpower entry: PostgresNIO and a
        // swift-mustache template.
        .executableTarget(
            name: "FortunesHummingbird",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Sources/FortunesHummingbird"
        ),
    ],
    swiftLanguageModes: [.v6]
)
