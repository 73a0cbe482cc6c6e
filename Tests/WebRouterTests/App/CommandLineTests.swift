import ArgumentParser
import Foundation
import Testing
@testable import WebRouter

/// Any app's command line (`app.runCommandLine()`): `serve` with the usual flags, `routes`.
@Suite("An app's command line")
struct CommandLineTests {
    @Test func serveIsTheDefaultAndReadsItsFlags() throws {
        let command = try ApplicationCommand.parseAsRoot(
            ["--host", "0.0.0.0", "--port", "9000", "--public", "Assets", "--threads", "2", "--no-access-log"])
        let serve = try #require(command as? ServeCommand)
        let server = try serve.serverConfiguration(environment: [:])
        #expect(server.host == "0.0.0.0" && server.port == 9000 && server.publicDirectory == "Assets")
        #expect(server.threadCount == 2 && !server.logsRequests)
    }

    @Test func thePortComesFromPORTWhenNotGiven() throws {
        let serve = try #require(try ApplicationCommand.parseAsRoot(["serve"]) as? ServeCommand)
        #expect(try serve.serverConfiguration(environment: ["PORT": "7001"]).port == 7001)
        #expect(try serve.serverConfiguration(environment: [:]).port == 8080)
        #expect(throws: ValidationError.self) { try serve.serverConfiguration(environment: ["PORT": "http"]) }
    }

    @Test(arguments: [["--port", "70000"], ["--threads", "0"], ["--colour"], ["routes", "--format", "yaml"]])
    func nonsenseIsAUsageError(arguments: [String]) {
        #expect(throws: (any Error).self) { try ApplicationCommand.parseAsRoot(arguments) }
    }

    @Test func routesAsJSONDecodeToTheTable() throws {
        let routes = SeedTree.table.routes
        let json = try JSONEncoder().encode(routes)
        let decoded = try JSONDecoder().decode([RouteDescription].self, from: json)
        #expect(decoded == routes)
        #expect(decoded.contains { $0.pattern == "/feed/tournament/{Int}/match/{Int}" && $0.screen == "Match" })
        let command = try ApplicationCommand.parseAsRoot(["routes", "--format", "json"])
        #expect((command as? RoutesCommand)?.format == .json)
    }
}
