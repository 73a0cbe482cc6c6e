import ArgumentParser
import Foundation
import WebRouter

/// `webapp contact-sheet`: captures every state of the demo in headless Chromium at phone,
/// tablet and desktop widths, light and dark, into a folder of static HTML (WebRouter's
/// `contact-sheet`), signed out and signed in as `demo`, with a search typed into the Search
/// tab. Extra arguments are WebRouter's `contact-sheet` options. `make contact-sheet` runs it.
///
/// ```sh
/// webapp contact-sheet --out .build/contact-sheet
/// webapp contact-sheet --out sheet --baseline .build/contact-sheet --cap 1
/// ```
struct ContactSheetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contact-sheet",
        abstract: "Capture every state of the demo in headless Chromium into a folder of static HTML."
    )

    @Argument(parsing: .captureForPassthrough, help: "The options of the contact sheet (--out, --baseline, --cap, --threshold, --viewport, --scheme, --base-url).")
    var options: [String] = []

    /// The demo's sign-in and a search, before the options given.
    static let demoOptions = [
        "--sign-in", "/welcome/~login", "--field", "username=demo", "--field", "password=demo", "--input", "q=united",
    ]

    func run() async throws {
        let app = try await AppLoader.inMemory()
        await app.runCommandLine(["contact-sheet"] + Self.demoOptions + options)
    }
}
