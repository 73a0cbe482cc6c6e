import ArgumentParser
import Foundation
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
    /// notes contact-sheet --out sheet         # every state captured in headless Chromium
    /// notes --help                            # or `notes help serve`: usage names the executable
    /// ```
    /// `serve` (the default) serves until SIGINT or SIGTERM, then stops gracefully; `routes`
    /// prints the route table; `check` visits every state and checks each page (see
    /// <doc:CheckingEveryState>), exiting with status 1 when something failed; `contact-sheet`
    /// captures every state into a folder of static HTML (``contactSheet(_:to:)``). Bad arguments print the usage and exit with status 64; a
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

    /// Builds the app with `make` and runs it as a command-line program
    /// (``runCommandLine(_:)``). A tree the framework refuses (a ``RouteTableError``), or any
    /// other error `make` throws, is printed to standard error as a message, and the program
    /// exits with status 1: no crash report, no backtrace.
    /// ```swift
    /// // main.swift
    /// await Application.runCommandLine { try Application(window, configuration: configuration) }
    /// ```
    /// It runs on the main actor, where `main.swift` and an `@main` type's `main()` run, so
    /// `make` may capture what they hold.
    /// - Parameters:
    ///   - arguments: the arguments after the program's name; by default the process's own.
    ///   - make: builds the application (its tree is validated here).
    @MainActor
    public static func runCommandLine(
        _ arguments: [String] = Array(CommandLine.arguments.dropFirst()), _ make: () throws -> Application
    ) async {
        switch built(make) {
        case .success(let app):
            await app.runCommandLine(arguments)
        case .failure(let failure):
            FileHandle.standardError.write(Data((failure.message + "\n").utf8))
            exit(1)
        }
    }

    /// Why an app could not be built, as the command line prints it.
    struct BuildFailure: Error {
        let message: String
    }

    /// The app `make` builds, or the message its error prints (a refused tree says what is
    /// wrong and where; anything else says what was thrown).
    static func built(_ make: () throws -> Application) -> Result<Application, BuildFailure> {
        do {
            return .success(try make())
        } catch let error as RouteTableError {
            return .failure(BuildFailure(message: "error: \(error.description)"))
        } catch {
            return .failure(BuildFailure(message: "error: the app could not start: \(error)"))
        }
    }
}
