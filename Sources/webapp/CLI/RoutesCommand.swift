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
        // The table does not depend on the accounts: an empty database in memory, no file.
        let app = try AppLoader.load(secret: .random(), database: AccountDatabase.inMemory(passwordIterations: 1))
        print(app.table.routeListing, terminator: "")
    }
}
