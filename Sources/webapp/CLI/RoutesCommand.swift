import ArgumentParser
import Foundation
import WebRouter

/// `webapp routes`: prints the demo's route table (pattern, screen, context type), like
/// `rails routes`.
///
/// ```sh
/// webapp routes | grep Match
/// ```
struct RoutesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Print the route table of the app."
    )

    func run() throws {
        let app = try AppLoader.load(secret: .random())
        print(app.table.routeListing, terminator: "")
    }
}
