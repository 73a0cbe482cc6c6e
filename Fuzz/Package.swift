// swift-tools-version:6.1
// libFuzzer targets over WebRouter's input parsers; run them with `make fuzz` from the
// repository root. Kept out of the main package so its build stays lean.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder, whatever the clone is called.
let webRouterPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "WebRouterFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // Hands an executable's entry point to libFuzzer's driver.
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "FuzzURLParser",
            dependencies: ["FuzzDriver", .product(name: "WebRouter", package: webRouterPackage)]),
        .executableTarget(
            name: "FuzzFormDecoder",
            dependencies: ["FuzzDriver", .product(name: "WebRouter", package: webRouterPackage)]),
    ],
    swiftLanguageModes: [.v6]
)
