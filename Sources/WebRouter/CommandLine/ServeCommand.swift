import ArgumentParser
import Foundation
import Logging
import WebRouterHTML
import WebRouterHTTP

/// `serve`: serves the application over HTTP until SIGINT or SIGTERM.
///
/// ```sh
/// notes serve --host 0.0.0.0 --port 9000 --public Public --no-access-log
/// PORT=9000 notes
/// ```
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the app over HTTP (the default command)."
    )

    /// The framework's serve flags, the group an app's own command can reuse.
    @OptionGroup var options: ServeOptions

    /// The server configuration the options and the environment describe.
    func serverConfiguration(
        environment: [String: String] = ProcessInfo.processInfo.environment, base: ServerConfiguration = ServerConfiguration()
    ) throws -> ServerConfiguration {
        try options.serverConfiguration(environment: environment, base: base)
    }

    func run() async throws {
        if options.development && !DevelopmentLoop.isChild {
            // This process watches, rebuilds and restarts; a child serves.
            try await DevelopmentLoop.run(logger: ApplicationCommand.current().configuration.logger)
            return
        }
        let current = try ApplicationCommand.current()
        var configuration = current.configuration
        try options.apply(to: &configuration)
        let app = current.reconfigured(configuration)
        let server = try serverConfiguration(base: configuration.server)
        do {
            try await app.serve(server)
        } catch let error as HTTPServerError {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}
