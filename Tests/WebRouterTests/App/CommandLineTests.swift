import ArgumentParser
import Foundation
import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

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

    @Test func helpNamesTheExecutable() throws {
        #expect(ApplicationCommand.programName(["/srv/travel/.build/debug/Travel", "--help"]) == "Travel")
        #expect(ApplicationCommand.programName(["notes"]) == "notes")
        #expect(ApplicationCommand.programName([]) == "app")
        let name = ApplicationCommand.programName()
        let help = ApplicationCommand.helpMessage()
        #expect(help.contains("USAGE: \(name) "))
        #expect(!help.contains("application-command"))
    }

    @Test(arguments: [["help", "serve"], ["serve", "--help"], ["help", "routes"]])
    func helpForACommandPrintsThatCommandsUsage(arguments: [String]) throws {
        let name = ApplicationCommand.programName()
        do {
            // ArgumentParser answers a help request with its own help command, whose run throws
            // the request; anything else here (serve itself) is the bug.
            var command = try ApplicationCommand.parseAsRoot(ApplicationCommand.rewritingHelp(arguments))
            try #require(!(command is ServeCommand) && !(command is RoutesCommand), "\(arguments) parsed as \(type(of: command))")
            try command.run()
            Issue.record("\(arguments) should ask for help")
        } catch {
            let message = ApplicationCommand.fullMessage(for: error)
            let command = arguments.first == "help" ? arguments[1] : arguments[0]
            #expect(message.contains("USAGE: \(name) \(command)"), "\(message)")
            #expect(ApplicationCommand.exitCode(for: error) == .success)
        }
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

    /// `routes --format hotwire`: the path configuration a native shell bundles (issue 46).
    @Test func routesAsAHotwirePathConfiguration() throws {
        let command = try ApplicationCommand.parseAsRoot(["routes", "--format", "hotwire"])
        #expect((command as? RoutesCommand)?.format == .hotwire)
        let json = try JSONSerialization.jsonObject(with: Data(SeedTree.table.hotwirePathConfiguration(appName: "Seed").utf8))
        let rules = (json as? [String: Any])?["rules"] as? [[String: Any]] ?? []
        #expect(rules.count > SeedTree.table.routes.count)   // the defaults, then one rule per place (and per flow)
    }
}

/// The storyboard for tools: DOT that Graphviz renders, and Mermaid.
@Suite("The tree as a diagram")
struct RouteDiagramTests {
    @Test func everyPlaceIsABoxWithALabelledArrow() {
        let dot = SeedTree.table.dotDiagram
        let places = SeedTree.table.routes.count
        #expect(dot.hasPrefix("digraph WebRouter {"))
        #expect(dot.components(separatedBy: "->").count - 1 == places)
        #expect(dot.contains("[label=\"Match\\n/feed/tournament/5/match/12\"]") || dot.contains("label=\"Match\\n"))
        #expect(dot.contains("[label=\"push\"]") && dot.contains("[label=\"tab\"]"))
        let mermaid = SeedTree.table.mermaidDiagram
        #expect(mermaid.hasPrefix("flowchart LR"))
        #expect(mermaid.components(separatedBy: "-->").count - 1 == places)
    }

    /// Graphviz itself reads the output (Debian's `graphviz`; `make test` installs it).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dot"), "Graphviz is not installed"))
    func graphvizRendersIt() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dot")
        process.arguments = ["-Tsvg"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(SeedTree.table.dotDiagram.utf8))
        try input.fileHandleForWriting.close()
        let svg = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "dot: \(problems)")
        #expect(problems.isEmpty)
        // Raw on purpose: Graphviz output, not a page.
        #expect(svg.contains("<svg") && svg.contains("Match"))
    }
}
