import ArgumentParser
import Foundation
import WebRouter

/// `webapp routes`: prints the demo's route table (pattern, screen, context type), like
/// `rails routes`, or the tree as JSON, Graphviz DOT or a Mermaid flowchart.
///
/// ```sh
/// webapp routes | grep Match
/// webapp routes --format dot | dot -Tsvg > storyboard.svg
/// ```
struct RoutesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Print the route table of the app."
    )

    @Option(help: "text, json, dot (Graphviz), mermaid or hotwire (Hotwire Native's path configuration).")
    var format: String = "text"

    func validate() throws {
        guard ["text", "json", "dot", "mermaid", "hotwire"].contains(format) else {
            throw ValidationError("--format must be text, json, dot, mermaid or hotwire, not \(format)")
        }
    }

    func run() async throws {
        // The table does not depend on the accounts: an empty database in memory, no file.
        let app = try await AppLoader.inMemory()
        await app.runCommandLine(["routes", "--format", format])
    }
}
