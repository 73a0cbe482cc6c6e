// swift-tools-version:6.1
// What metrics and traces cost per request: the deep link answered in process (the server's
// whole pipeline, no socket) with no backend, with swift-metrics' and swift-distributed-tracing's
// no-op ones bootstrapped, and with their in-memory test backends. `telemetry_cost.py` runs it
// under callgrind. Its own package, so it builds only WebRouter and those two.
import PackageDescription

let package = Package(
    name: "TelemetryCost",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "WebRouter", path: "../.."),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
    ],
    targets: [
        .executableTarget(
            name: "TelemetryCost",
            dependencies: [
                .product(name: "WebRouter", package: "WebRouter"),
                .product(name: "WebRouterTesting", package: "WebRouter"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
