import ArgumentParser
import WebRouterHTML

/// The root of an app's command line (``Application/runCommandLine(_:)``): `serve`, the
/// default, and `routes`.
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

    static let configuration = CommandConfiguration(
        abstract: "Serves a WebRouter application.",
        subcommands: [ServeCommand.self, RoutesCommand.self],
        defaultSubcommand: ServeCommand.self
    )

    /// The bound application; a programming error outside ``Application/runCommandLine(_:)``.
    static func current() throws -> Application {
        guard let application else { throw ValidationError("no application: run the command through Application.runCommandLine()") }
        return application
    }
}
