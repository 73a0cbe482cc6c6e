import ArgumentParser
import Foundation
import Testing
@testable import WebRouter
@testable import WebRouterHTTP

/// Issue 44's production surfaces: `serve --dev` on a network address without a secret
/// refuses to start unless told it may, and the storyboard map is off unless asked for (or
/// in development).
@Suite struct ProductionSurfaceTests {
    static let secret = ["WEBROUTER_SECRET": String(repeating: "production secret ", count: 3)]

    @Test func devOnANetworkAddressWithoutASecretRefusesToStart() throws {
        let exposed = try Self.options { $0.development = true; $0.host = "0.0.0.0" }
        let problem = try #require(exposed.developmentProblem(environment: [:]))
        #expect(problem.contains("refusing to start") && problem.contains("--dev-on-network"))
        #expect(exposed.developmentProblem(environment: Self.secret) == nil, "a real secret")
        #expect(exposed.developmentProblem(environment: ["WEBROUTER_SECRET": "short"]) != nil, "too short to be one")
        let allowed = try Self.options { $0.development = true; $0.host = "0.0.0.0"; $0.developmentOnNetwork = true }
        #expect(allowed.developmentProblem(environment: [:]) == nil)
        for host in ["127.0.0.1", "localhost", "::1", "127.0.0.2"] {
            let local = try Self.options { $0.development = true; $0.host = host }
            #expect(local.developmentProblem(environment: [:]) == nil, "\(host)")
        }
        let production = try Self.options { $0.host = "0.0.0.0" }
        // Through the command line: a usage error, as ArgumentParser reports them.
        if ProcessInfo.processInfo.environment["WEBROUTER_SECRET"] == nil {
            #expect(throws: (any Error).self) { try ServeOptions.parse(["--dev", "--host", "0.0.0.0"]) }
        }
        #expect(production.developmentProblem(environment: [:]) == nil)
    }

    @Test func theStoryboardMapIsOffInProductionUnlessAskedFor() throws {
        func path(_ configure: (inout ServeOptions) -> Void) throws -> String? {
            var configuration = ApplicationConfiguration()
            try Self.options(configure).apply(to: &configuration, environment: [:])
            return configuration.storyboardPath
        }
        #expect(try path { _ in } == nil)
        #expect(try path { $0.storyboard = true } == "/_map")
    }

    /// Options as parsed from no arguments, then changed (a `--dev` on a network address would
    /// not parse without a secret in the test's environment).
    static func options(_ configure: (inout ServeOptions) -> Void) throws -> ServeOptions {
        var options = try ServeOptions.parse([])
        configure(&options)
        return options
    }
}
