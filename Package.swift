// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "WebRouter",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "WebRouter", targets: ["WebRouter"]),
        .library(name: "WebRouterTesting", targets: ["WebRouterTesting"]),
        .executable(name: "webapp", targets: ["webapp"]),
    ],
    dependencies: [
        // Access log and server diagnostics.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Every app's command line (Application.runCommandLine: serve, routes), and the demo's.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // HMAC-SHA256 for signed session cookies and CSRF tokens.
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
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
        .target(
            name: "WebRouter",
            dependencies: [
                "CMicroHTTPD",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // The chrome's stylesheet, script and icon, compiled in as bytes: an app's pages
            // are styled from any working directory, and a copied binary needs no files.
            resources: [
                .embedInCode("Assets/Files/webrouter.css"),
                .embedInCode("Assets/Files/webrouter.js"),
                .embedInCode("Assets/Files/icon.svg"),
            ]
        ),
        .executableTarget(
            name: "webapp",
            dependencies: [
                "WebRouter",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // Already built for WebRouter: the demo's password hashing uses its SHA-256.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Test helpers for apps: an in-process or live client that reads pages' landmarks.
        .target(
            name: "WebRouterTesting",
            dependencies: [
                "WebRouter",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "WebRouterTests",
            dependencies: ["WebRouter", "WebRouterTesting"]
        ),
        // The code samples of README.md and the DocC articles, compiled and run.
        .testTarget(
            name: "DocSamplesTests",
            dependencies: [
                "WebRouter",
                "WebRouterTesting",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "WebappTests",
            dependencies: ["webapp", "WebRouter", "WebRouterTesting"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
