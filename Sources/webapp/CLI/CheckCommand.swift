import ArgumentParser
import Foundation
import WebRouter

/// `webapp check`: visits every state of the demo in process and checks each page (WebRouter's
/// `check`), signed out and signed in as `demo`, with searches typed into the Search tab.
/// Extra arguments are WebRouter's `check` options.
///
/// ```sh
/// webapp check
/// webapp check --cap 2 --out check.txt
/// ```
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Visit every state of the demo in process and check each page."
    )

    @Argument(parsing: .captureForPassthrough, help: "More options of the check (--cap, --out, --coverage, --origin).")
    var options: [String] = []

    /// The demo's sign-in and searches, before the options given.
    static let demoOptions = [
        "--sign-in", "/welcome/~login", "--field", "username=demo", "--field", "password=demo",
        "--input", "q=united", "--input", "q=league", "--input", "q=demo",
    ]

    func run() async throws {
        // The demo account lives in the accounts database: an empty one in memory, no file.
        let app = try await AppLoader.inMemory()
        await app.runCommandLine(["check"] + Self.demoOptions + options)
    }
}
