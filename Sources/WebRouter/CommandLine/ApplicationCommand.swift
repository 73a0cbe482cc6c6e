import ArgumentParser
import WebRouterHTML

/// The root of an app's command line (``Application/runCommandLine(_:)``): `serve`, the
/// default, `routes`, `check` and `contact-sheet`.
///
/// ```swift
/// await ApplicationCommand.$application.withValue(app) {
///     var command = try ApplicationCommand.parseAsRoot(["routes"])
///     try command.run()
/// }
/// ```
struct ApplicationCommand: AsyncParsableCommand {
    /// The application the commands act on, bound while ``Application/runCommandLine(_:)`` runs.
    @TaskLocal static var application: Application?

    /// Named after the executable, so `--help` and usage errors print `USAGE: notes …`
    /// rather than the type's name.
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: programName(),
            abstract: "Serves a WebRouter application.",
            subcommands: [ServeCommand.self, RoutesCommand.self, CheckCommand.self, ContactSheetCommand.self],
            defaultSubcommand: ServeCommand.self
        )
    }

    /// The executable's own name: the last path component of `arguments[0]` (`notes` for
    /// `.build/debug/notes`), or `app` when there is none.
    static func programName(_ arguments: [String] = CommandLine.arguments) -> String {
        let name = arguments.first?.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? "app" : name
    }

    /// `help` and `help <command>` as `--help` and `<command> --help`: with `serve` as the
    /// default subcommand, ArgumentParser would otherwise hand `help serve` to `serve` as
    /// unexpected arguments.
    static func rewritingHelp(_ arguments: [String]) -> [String] {
        guard arguments.first == "help" else { return arguments }
        return Array(arguments.dropFirst()) + ["--help"]
    }

    /// The bound application; a programming error outside ``Application/runCommandLine(_:)``.
    static func current() throws -> Application {
        guard let application else { throw ValidationError("no application: run the command through Application.runCommandLine()") }
        return application
    }
}
