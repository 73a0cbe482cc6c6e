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
    name: "Travel",
    platforms: [.macOS(.v14)],
    dependencies: [
        // `traits: []`: WebRouter's default `SQLite` trait (GRDB) stays off, so this
        // package resolves only the framework's own dependencies.
        .package(path: webRouterPath, traits: []),
    ],
    targets: [
        // The app itself (screens, store, tree): a library, so the tests can build it too.
        .target(
            name: "TravelApp",
            dependencies: [.product(name: "WebRouter", package: webRouter)],
            // Its stylesheet and icons, compiled in as bytes (`PackageResources.travel_css`):
            // served from any working directory, and by a copied binary, with no Public/ folder.
            resources: [
                .embedInCode("travel.css"),
                .embedInCode("travel-icon.svg"), .embedInCode("travel-icon-192.png"), .embedInCode("travel-icon-512.png"),
            ]
        ),
        // The command line: `Travel` serves the app.
        .executableTarget(
            name: "Travel",
            dependencies: ["TravelApp", .product(name: "WebRouter", package: webRouter)]
        ),
        .testTarget(
            name: "TravelAppTests",
            dependencies: [
                "TravelApp",
                .product(name: "WebRouter", package: webRouter),
                .product(name: "WebRouterTesting", package: webRouter),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
