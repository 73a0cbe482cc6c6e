import ArgumentParser
import WebRouterHTML

extension Application {
    /// Runs the app as a command-line program, so an app gets the usual commands without
    /// writing argument parsing:
    ///
    /// ```swift
    /// @main
    /// struct NotesApp {
    ///     static func main() async throws {
    ///         let app = try Application(window, configuration: ApplicationConfiguration(appName: "Notes"))
    ///         await app.runCommandLine()
    ///     }
    /// }
    /// ```
    /// ```sh
    /// notes                                   # serve on 127.0.0.1:8080 ($PORT is honoured)
    /// notes serve --host 0.0.0.0 --port 9000 --public Public --threads 2 --no-access-log
    /// notes routes                            # the route table, like `rails routes`
    /// notes routes --format json           # or dot (Graphviz), mermaid
    /// notes check                             # every state visited and checked in process
    /// notes --help                            # or `notes help serve`: usage names the executable
    /// ```
    /// `serve` (the default) serves until SIGINT or SIGTERM, then stops gracefully; `routes`
    /// prints the route table; `check` visits every state and checks each page (see
    /// <doc:CheckingEveryState>), exiting with status 1 when something failed. Bad arguments print the usage and exit with status 64; a
    /// server that cannot start (a taken port) prints why and exits with status 1.
    /// - Parameter arguments: the arguments after the program's name; by default the
    ///   process's own.
    public func runCommandLine(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) async {
        await ApplicationCommand.$application.withValue(self) {
            do {
                var command = try ApplicationCommand.parseAsRoot(ApplicationCommand.rewritingHelp(arguments))
                if var asynchronous = command as? AsyncParsableCommand {
                    try await asynchronous.run()
                } else {
                    try command.run()
                }
            } catch {
                ApplicationCommand.exit(withError: error)
            }
        }
    }
}
