import ArgumentParser
import Foundation
import WebRouterHTML

/// `routes`: prints the route table (pattern, screen, context type, kind, declaration).
///
/// ```sh
/// notes routes
/// notes routes --format json | jq '.[].pattern'
/// notes routes --format dot | dot -Tsvg > storyboard.svg
/// notes routes --format hotwire > path-configuration.json   # a native shell's bundled copy
/// notes routes --format mermaid --coverage .build/state-check/Notes.coverage.txt
/// ```
struct RoutesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Print the route table of the app."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, dot, mermaid, hotwire
    }

    @Option(help: "text (aligned columns), json (an array of routes), dot (Graphviz), mermaid (a flowchart) or hotwire (Hotwire Native's path configuration).")
    var format: Format = .text

    @Option(help: "A coverage file the test kit wrote (.build/state-check/<app>.coverage.txt): dot and mermaid mark each transition the tests made or not.")
    var coverage: String?

    func run() throws {
        let app = try ApplicationCommand.current()
        let table = app.table
        let exercised = try coverage.map { try StateCheckOptions.readCoverage(at: $0) }
        switch format {
        case .text:
            print(table.routeListing, terminator: "")
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(table.routes), as: UTF8.self))
        case .dot:
            print(table.dotDiagram(exercised: exercised), terminator: "")
        case .mermaid:
            print(table.mermaidDiagram(exercised: exercised), terminator: "")
        case .hotwire:
            print(table.hotwirePathConfiguration(appName: app.configuration.appName))
        }
    }
}
