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

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "The TCP port (default: $PORT, else 8080; 0 lets the OS pick).")
    var port: Int?

    @Option(name: .customLong("public"), help: ArgumentHelp(
        "The directory of the app's own static files, served under /static/ (default: ./Public when it exists).",
        valueName: "directory"))
    var publicDirectory: String?

    @Option(help: "Server threads (default: one per CPU core).")
    var threads: Int?

    @Option(help: "The most simultaneous connections from one client address (default: 64; 0: no limit, behind a reverse proxy that limits clients itself).")
    var connectionsPerClient: Int?

    @Flag(inversion: .prefixedNo, help: "Log one line per answered request.")
    var accessLog = true

    func validate() throws {
        if let port, !(0...65_535).contains(port) {
            throw ValidationError("--port must be from 0 to 65535, not \(port)")
        }
        if let threads, !(1...256).contains(threads) {
            throw ValidationError("--threads must be from 1 to 256, not \(threads)")
        }
        if let connectionsPerClient, connectionsPerClient < 0 {
            throw ValidationError("--connections-per-client must be 0 (no limit) or more, not \(connectionsPerClient)")
        }
    }

    /// The server configuration the options and the environment describe.
    func serverConfiguration(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ServerConfiguration {
        var server = ServerConfiguration(host: host, port: try resolvedPort(environment: environment))
        if let publicDirectory {
            server.publicDirectory = publicDirectory
        } else if StaticFiles.isDirectory("Public") {
            server.publicDirectory = "Public"
        }
        if let threads { server.threadCount = threads }
        if let connectionsPerClient { server.connectionsPerClient = connectionsPerClient }
        server.logsRequests = accessLog
        return server
    }

    /// `--port`, else `PORT` from the environment, else 8080.
    func resolvedPort(environment: [String: String]) throws -> Int {
        if let port { return port }
        guard let text = environment["PORT"], !text.isEmpty else { return 8080 }
        guard let value = Int(text), (0...65_535).contains(value) else {
            throw ValidationError("PORT must be a number from 0 to 65535, not \"\(text)\"")
        }
        return value
    }

    func run() async throws {
        let app = try ApplicationCommand.current()
        let server = try serverConfiguration()
        do {
            try await app.serve(server)
        } catch let error as HTTPServerError {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}
