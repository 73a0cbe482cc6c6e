// swift-tools-version: 6.1
import Foundation
import PackageDescription

// This example depends on the WebRouter repository it lives in, by path. SwiftPM names a path
// dependency after its folder (the package's *identity*), not after the `name:` in its
// manifest, so `package: "WebRouter"` only works when the clone's folder is called WebRouter.
// The identity is computed from this file's location instead: `../..` from here is the
// repository, whatever its folder is called.
//
// In your own package, depend on WebRouter by URL and the identity is the URL's last
// component, so `package: "WebRouter"` is right:
//     .package(url: "https://github.com/<owner>/WebRouter.git", branch: "main")
// or by path, naming the folder you cloned it into:
//     .package(path: "../WebRouter")   →   .product(name: "WebRouter", package: "WebRouter")
let webRouterPath = "../.."
let webRouter = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .appendingPathComponent(webRouterPath)
    .standardizedFileURL
    .lastPathComponent

let package = Package(
    name: "Notes",
    platforms: [.macOS(.v14)],
    dependencies: [
        // `traits: ["SQLite"]`: WebRouter's SQLite store and accounts (GRDB), nothing else:
        // no PostgreSQL driver (postgres-nio, SwiftNIO) and no Prometheus are resolved.
        .package(path: webRouterPath, traits: ["SQLite"]),
        // `Notes serve --database …`: the app's own command around the framework's serve
        // options (an app names every package it imports, even one WebRouter depends on).
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The store's logger (a quiet one for the in-memory store of tests and `routes`).
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // The app itself (screens, records, accounts, tree): a library, so the tests can build it too.
        .target(
            name: "NotesApp",
            dependencies: [
                .product(name: "WebRouter", package: webRouter),
                .product(name: "WebRouterStore", package: webRouter),
                .product(name: "WebRouterAccounts", package: webRouter),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The command line: `Notes serve --database notes.sqlite` serves the app.
        .executableTarget(
            name: "Notes",
            dependencies: [
                "NotesApp",
                .product(name: "WebRouter", package: webRouter),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "NotesAppTests",
            dependencies: [
                "NotesApp",
                .product(name: "WebRouter", package: webRouter),
                .product(name: "WebRouterStore", package: webRouter),
                .product(name: "WebRouterAccounts", package: webRouter),
                .product(name: "WebRouterTesting", package: webRouter),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
