import ArgumentParser
import Foundation
import WebRouterHTML

/// `routes`: prints the route table (pattern, screen, context type, kind, declaration).
///
/// ```sh
/// notes routes
/// notes routes --format json | jq '.[].pattern'
/// notes routes --format dot | dot -Tsvg > storyboard.svg
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

    func run() throws {
        let table = try ApplicationCommand.current().table
        switch format {
        case .text:
            print(table.routeListing, terminator: "")
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(table.routes), as: UTF8.self))
        case .dot:
            print(table.dotDiagram, terminator: "")
        case .mermaid:
            print(table.mermaidDiagram, terminator: "")
        }
    }
}
