import ArgumentParser
import Foundation
import NotesApp
import WebRouter

/// `Notes` (or `Notes serve`) serves the app on http://127.0.0.1:8080 with its data in
/// `notes.sqlite` in the working directory (`--database`, or $NOTES_DATABASE); `--host`,
/// `--port` or $PORT, `--public`, `--threads`, `--no-access-log` and the framework's other
/// serve options apply. `Notes routes` prints the route table, `Notes check` visits every
/// state, signed out and signed in. WEBROUTER_SECRET (32+ characters) keeps sessions valid across restarts and instances.
@main
struct NotesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "Notes",
        abstract: "Serves the Notes app.",
        subcommands: [Serve.self, Routes.self, Check.self],
        defaultSubcommand: Serve.self
    )
}

/// The framework's serve options (`ServeOptions`) and the app's own: the database file.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the app over HTTP (the default command).")

    @OptionGroup var server: ServeOptions
    @Option(help: "The SQLite file the notes and accounts are kept in (created if missing; instances on one host may share it).")
    var database = ProcessInfo.processInfo.environment["NOTES_DATABASE"] ?? "notes.sqlite"

    func run() async throws {
        if server.development && !DevelopmentLoop.isChild {
            try await DevelopmentLoop.run(logger: ApplicationConfiguration(appName: "Notes").logger)   // watches, rebuilds, restarts
            return
        }
        let secret = AppSecret.fromEnvironment().secret
        let data: NotesData
        do {
            data = try await NotesData.open(database: database, secret: secret)
        } catch {
            throw ValidationError("the database \(database) could not be opened: \(error)")
        }
        var configuration = ApplicationConfiguration(appName: "Notes", secret: secret)
        NotesApp.configure(&configuration, data: data)
        try server.apply(to: &configuration)    // --public-url, --trusted-proxy, --hsts-max-age
        configuration.logger.info("notes and accounts in \(URL(fileURLWithPath: database).standardizedFileURL.path)")
        let app = try Application(NotesApp.window(data: data), configuration: configuration)
        try await app.serve(try server.serverConfiguration(base: configuration.server))
        await data.close()
    }
}

/// The framework's `routes`, on the app with its data in memory.
struct Routes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the route table.")
    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []
    func run() async throws { try await runFramework(["routes"] + arguments) }
}

/// The framework's `check`, on the app with its data in memory: signed out, then signed in as
/// an account made for the check (`demo`, with the sample notes), unless `--sign-in` says otherwise.
struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Visit every state in process and check each page.")
    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []
    func run() async throws {
        let signIn = arguments.contains("--sign-in") ? [] : [
            "--sign-in", "/home/~sign-in", "--field", "username=demo", "--field", "password=\(demoPassword)",
        ]
        try await runFramework(["check"] + arguments + signIn) { data in
            _ = try await data.accounts.store.register(username: "demo", password: demoPassword)
            try await data.notes.addSamples(for: "demo")
        }
    }

    private var demoPassword: String { "notes demo password" }
}

/// Runs one of the framework's own commands on the app over an in-memory database (`prepare`
/// fills it first).
func runFramework(_ arguments: [String], prepare: (NotesData) async throws -> Void = { _ in }) async throws {
    let data = try await NotesData.inMemory()
    try await prepare(data)
    let app = try NotesApp.make(data: data, secret: .random())
    await app.runCommandLine(arguments)
}
