import ArgumentParser
import Foundation
import WebRouterHTML

/// `routes`: prints the route table (pattern, screen, context type, kind, declaration).
///
/// ```sh
/// notes routes
/// notes routes --format json | jq '.[].pattern'
/// notes routes --format dot | dot -Tsvg > storyboard.svg
/// notes routes --format mermaid --coverage .build/state-check/Notes.coverage.txt
/// ```
struct RoutesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Print the route table of the app."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, dot, mermaid
    }

    @Option(help: "text (aligned columns), json (an array of routes), dot (Graphviz) or mermaid (a flowchart).")
    var format: Format = .text

    @Option(help: "A coverage file the test kit wrote (.build/state-check/<app>.coverage.txt): dot and mermaid mark each transition the tests made or not.")
    var coverage: String?

    func run() throws {
        let table = try ApplicationCommand.current().table
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
        }
    }
}
