// swift-tools-version:6.1
import PackageDescription

/// The framework's modules import what they use internally unless a public signature needs it
/// (`public import`), so an app sees only what WebRouter chooses to export.
let frameworkSettings: [SwiftSetting] = [.enableUpcomingFeature("InternalImportsByDefault")]

let package = Package(
    name: "WebRouter",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "WebRouter", targets: ["WebRouter"]),
        .library(name: "WebRouterTesting", targets: ["WebRouterTesting"]),
        .library(name: "WebRouterStore", targets: ["WebRouterStore"]),
        // Accounts as a part an app mounts: store, hashing, throttles, sessions, ready screens.
        .library(name: "WebRouterAccounts", targets: ["WebRouterAccounts"]),
        .executable(name: "webapp", targets: ["webapp"]),
    ],
    // Each database driver and exporter is a trait, so a build compiles only what it uses:
    // `SQLite` (GRDB, the default store) is on by default; `PostgreSQL` (postgres-nio, which
    // brings SwiftNIO and BoringSSL) and `Prometheus` (swift-prometheus) are asked for
    // (`make run TRAITS=PostgreSQL`, `swift build --traits SQLite,PostgreSQL`); `make test`
    // builds with all of them. An app that depends on WebRouter with `traits: []` resolves none.
    traits: [
        .trait(name: "SQLite", description: "WebRouterStore's SQLite store through GRDB (and the demo's accounts and profiles)."),
        .trait(name: "PostgreSQL", description: "WebRouterStore's PostgreSQL store and LISTEN/NOTIFY broadcaster through postgres-nio (instances on several hosts)."),
        .trait(name: "Prometheus", description: "The demo's --metrics-port endpoint in Prometheus' text format (swift-prometheus)."),
        .default(enabledTraits: ["SQLite"]),
    ],
    dependencies: [
        // Access log and server diagnostics.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Request metrics (count and duration by route pattern and status) for whatever backend
        // the app bootstraps; no dependencies of its own, a few seconds of build.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        // A span per request (W3C `traceparent` through the bootstrapped instrument) with
        // children for the action, each screen's loading and the page's rendering; no
        // dependencies of its own. A backend (swift-otel…) is the app's choice, never ours.
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        // Every app's command line (Application.runCommandLine: serve, routes), and the demo's.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // WebRouterStore's SQLite store, the accounts (WebRouterAccounts) and the demo's profiles
        // (behind the SQLite trait).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // WebRouterStore's PostgreSQL store and its refresh broadcaster (LISTEN/NOTIFY), and the
        // accounts there (`webapp serve --database postgres://…`), for instances on several
        // hosts; behind the PostgreSQL trait. Brings SwiftNIO and BoringSSL: about half of a
        // clean release build's steps, which `make run` therefore leaves out by default.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // The demo's `--metrics-port`: its request metrics in Prometheus' text format (webapp
        // only, behind the Prometheus trait; swift-atomics and swift-metrics are its only dependencies).
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // `make docs`: the DocC catalogs of WebRouter and WebRouterTesting.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Thin shim over the system libmicrohttpd (Debian: libmicrohttpd-dev).
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // GnuTLS's crypto API (HMAC-SHA256, HKDF, PBKDF2, random bytes) for signed session
        // cookies, CSRF tokens and the demo's password hashes. libmicrohttpd-dev depends on
        // libgnutls28-dev, so it is already installed wherever WebRouter builds.
        .systemLibrary(
            name: "CGnuTLS",
            pkgConfig: "gnutls",
            providers: [.apt(["libgnutls28-dev"])]
        ),
        // The system libdeflate (Debian: libdeflate-dev): gzip for responses, about half
        // zlib's cost per page at similar sizes (BENCHMARKS.md, issue 35).
        .systemLibrary(
            name: "CLibDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        // The system brotli (Debian: libbrotli-dev): br for responses, preferred over gzip.
        .systemLibrary(
            name: "CBrotli",
            pkgConfig: "libbrotlienc",
            providers: [.apt(["libbrotli-dev"])]
        ),
        // The HTML DSL, its render buffer, and the reader (parser and accessibility subset)
        // that tests and the JSON page state read pages with. Depends on nothing.
        .target(
            name: "WebRouterHTML",
            swiftSettings: frameworkSettings
        ),
        // The HTTP server over libmicrohttpd: requests and responses, headers, cookies on the
        // wire, bodies, compression, static files and the request pipeline's HTTP steps.
        // Knows nothing of screens or HTML.
        .target(
            name: "WebRouterHTTP",
            dependencies: [
                "CMicroHTTPD",
                "CLibDeflate",
                "CBrotli",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: frameworkSettings
        ),
        // Screens, transitions, routing, pages, security and the app: what a user imports. It
        // re-exports the parts of WebRouterHTML and WebRouterHTTP an app names (Exports.swift).
        .target(
            name: "WebRouter",
            dependencies: [
                "WebRouterHTML",
                "WebRouterHTTP",
                "CGnuTLS",
                // PNG reading and writing for the contact sheet's screenshot comparisons.
                "CLibDeflate",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            // The chrome's stylesheet, script and icon, compiled in as bytes: an app's pages
            // are styled from any working directory, and a copied binary needs no files.
            resources: [
                .embedInCode("Assets/Files/webrouter.css"),
                .embedInCode("Assets/Files/webrouter.js"),
                .embedInCode("Assets/Files/icon.svg"),
                .embedInCode("Assets/Files/icon-192.png"),
                .embedInCode("Assets/Files/icon-512.png"),
                .embedInCode("Assets/Files/service-worker.js"),
                .embedInCode("Assets/Files/register-worker.js"),
                .embedInCode("Assets/Files/speculation-rules.json"),
            ],
            swiftSettings: frameworkSettings
        ),
        // An app's own records (Codable values with ids, queries, transactions, migrations) in
        // memory, in an SQLite file (GRDB, the SQLite trait) or on PostgreSQL (postgres-nio, the
        // PostgreSQL trait), and its changes feeding the live keys, across instances and hosts.
        // With neither trait it has the in-memory store only, and resolves no driver.
        .target(
            name: "WebRouterStore",
            dependencies: [
                "WebRouter",
                // Its `Locked` (SPI): a lock ThreadSanitizer sees, unlike a contended `Mutex`.
                "WebRouterHTTP",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SQLite"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ],
            swiftSettings: frameworkSettings
        ),
        // Accounts as a part an app mounts: registration, sign-in and out, password change and
        // reset, deletion (the store, PBKDF2 on a bounded pool, throttles, sessions that end),
        // as ready screens and as an API. Storage in memory always; in SQLite through GRDB with
        // the SQLite trait, on PostgreSQL through postgres-nio with the PostgreSQL trait.
        .target(
            name: "WebRouterAccounts",
            dependencies: [
                "WebRouter",
                // Its `Locked` (SPI): a lock ThreadSanitizer sees, unlike a contended `Mutex`.
                "WebRouterHTTP",
                // PBKDF2 and random salts, as the session cookies' HMAC uses.
                "CGnuTLS",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SQLite"])),
                // SQLite's C API: the per-request session check on the caller's thread (`SQLiteReaders`).
                .product(name: "GRDBSQLite", package: "GRDB.swift", condition: .when(traits: ["SQLite"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ],
            swiftSettings: frameworkSettings
        ),
        .executableTarget(
            name: "webapp",
            dependencies: [
                "WebRouter",
                // The profiles (records in WebRouterStore, SQLite or PostgreSQL) beside the accounts.
                "WebRouterStore",
                "WebRouterAccounts",
                // The bare server its `--metrics-port` endpoint runs on.
                "WebRouterHTTP",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // The accounts' PostgreSQL client (the PostgreSQL trait).
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Prometheus", package: "swift-prometheus", condition: .when(traits: ["Prometheus"])),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        // Test helpers for apps: an in-process or live client that reads pages' landmarks.
        .target(
            name: "WebRouterTesting",
            dependencies: [
                "WebRouter",
                "WebRouterHTML",
                "WebRouterHTTP",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: frameworkSettings
        ),
        .testTarget(
            name: "WebRouterTests",
            dependencies: [
                "WebRouter", "WebRouterHTML", "WebRouterHTTP", "WebRouterTesting",
                // In-memory backends: the metrics and spans of requests, asserted.
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
        // The code samples of README.md and the DocC articles, compiled and run.
        .testTarget(
            name: "DocSamplesTests",
            dependencies: [
                "WebRouter",
                "WebRouterTesting",
                "WebRouterStore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The store's suite, run against each backend (memory, SQLite, PostgreSQL when installed).
        .testTarget(
            name: "WebRouterStoreTests",
            dependencies: [
                "WebRouterStore", "WebRouter", "WebRouterTesting",
            ]
        ),
        .testTarget(
            name: "WebRouterAccountsTests",
            dependencies: [
                "WebRouterAccounts", "WebRouter", "WebRouterTesting",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SQLite"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .testTarget(
            name: "WebappTests",
            dependencies: [
                "webapp", "WebRouter", "WebRouterTesting", "WebRouterAccounts",
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SQLite"])),
                .product(name: "Prometheus", package: "swift-prometheus", condition: .when(traits: ["Prometheus"])),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            // Read by PageFingerprintTests from its source folder (#filePath), not a resource.
            exclude: ["Pipeline/PageFingerprints.txt"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
