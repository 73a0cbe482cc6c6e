// Deployment.md, "Options of your own": an app's command with the framework's serve options.
import ArgumentParser
import Testing
import WebRouter

struct Journal: ContentScreen {
    let title = "Journal"
    func body(_ context: Void, router: Router<Journal>) -> some HTML { h1 { "Journal" } }
}

struct JournalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "journal")

    @OptionGroup var server: ServeOptions       // --host, --port, --public, --threads, --no-access-log
    @Option(help: "The folder the entries are kept in.")
    var entries = "entries"

    func run() async throws {
        var configuration = ApplicationConfiguration(appName: "Journal")
        try server.apply(to: &configuration)    // --public-url, --trusted-proxy, --hsts-max-age
        let app = try Application(Window(Journal()), configuration: configuration)
        try await app.serve(try server.serverConfiguration())
    }
}

@Suite struct ServeOptionsSampleTests {
    @Test func theAppsCommandReadsTheFrameworksOptionsAndItsOwn() throws {
        let command = try JournalCommand.parse(["--port", "9000", "--no-access-log", "--entries", "/srv/journal"])
        let server = try command.server.serverConfiguration(environment: [:])
        #expect(server.port == 9000 && !server.logsRequests)
        #expect(command.entries == "/srv/journal")
        #expect(JournalCommand.helpMessage().contains("--threads <threads>"))
        #expect(throws: (any Error).self) { try JournalCommand.parse(["--port", "70000"]) }
    }
}
