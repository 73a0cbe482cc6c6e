public import ArgumentParser
import Foundation
public import WebRouterHTTP

/// The options of `serve` (`--host`, `--port`, `--public`, `--threads`, `--connections-per-client`,
/// `--max-body-size`, `--max-upload-size`, `--max-connections`, `--idle-timeout`,
/// `--no-access-log`, and for a public deployment `--public-url`, `--trusted-proxy`,
/// `--hsts-max-age`) as a group an app's own command composes with its own options.
///
/// ``Application/runCommandLine(_:)`` uses it for its `serve`; an app that needs more options
/// (a database file) writes its own command around it and keeps the framework's flags:
///
/// ```swift
/// struct Serve: AsyncParsableCommand {
///     @OptionGroup var server: ServeOptions
///     @Option(help: "The SQLite file.") var database = "app.sqlite"
///
///     func run() async throws {
///         var configuration = ApplicationConfiguration(appName: "App")
///         try server.apply(to: &configuration)   // --public-url, --trusted-proxy, --hsts-max-age
///         let app = try Application(Window(Home()), configuration: configuration)
///         try await app.serve(try server.serverConfiguration(base: configuration.server))
///     }
/// }
/// ```
public struct ServeOptions: ParsableArguments, Sendable {
    /// `--host`: the address to listen on (default `127.0.0.1`).
    @Option(help: "The address to listen on.")
    public var host: String = "127.0.0.1"

    /// `--port`: the TCP port; `nil` reads `$PORT`, else 8080 (see ``resolvedPort(environment:)``).
    @Option(help: "The TCP port (default: $PORT, else 8080; 0 lets the OS pick).")
    public var port: Int?

    /// `--public`: the directory of the app's own static files; `nil` uses `./Public` when it exists.
    @Option(name: .customLong("public"), help: ArgumentHelp(
        "The directory of the app's own static files, served under /static/ (default: ./Public when it exists).",
        valueName: "directory"))
    public var publicDirectory: String?

    /// `--threads`: the server's threads; `nil` is one per CPU core.
    @Option(help: "Server threads (default: one per CPU core).")
    public var threads: Int?

    /// `--connections-per-client`: the most simultaneous connections from one client address;
    /// `nil` keeps ``ServerConfiguration/connectionsPerClient``'s default, `0` is no limit.
    @Option(help: "The most simultaneous connections from one client address (default: 64; 0: no limit, behind a reverse proxy that limits clients itself).")
    public var connectionsPerClient: Int?

    /// `--max-body-size`: the largest request body (`1MiB`, `512KB`, `3145728`); `nil` keeps
    /// the app's ``ServerConfiguration/maxBodySize`` (1 MiB unless the app says otherwise).
    @Option(name: .customLong("max-body-size"), help: ArgumentHelp(
        "The largest request body, in bytes or with a unit (512KB, 3MiB); a typed form's own larger limit still applies to its screen (default: 1MiB).",
        valueName: "size"), transform: ServeOptions.byteCount)
    public var maxBodySize: Int?

    /// `--max-upload-size`: the largest form upload read through past the body limit, to be
    /// answered with the form and an error on its file field rather than a bare `413`; `nil`
    /// keeps ``ServerConfiguration/maxOversizedFormSize``.
    @Option(name: .customLong("max-upload-size"), help: ArgumentHelp(
        "The largest form upload past the body limit that is answered with the form and a message on its file field rather than 413 (default: 32MiB).",
        valueName: "size"), transform: ServeOptions.byteCount)
    public var maxUploadSize: Int?

    /// `--max-connections`: the most simultaneous connections; `nil` keeps ``ServerConfiguration/connectionLimit``.
    @Option(name: .customLong("max-connections"), help: "The most simultaneous connections (default: what the open-file limit and the memory hold).")
    public var maxConnections: Int?

    /// `--idle-timeout`: seconds a connection may stay idle; `nil` keeps ``ServerConfiguration/connectionTimeout``.
    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp(
        "Seconds a connection may stay idle before the server closes it (default: 30).", valueName: "seconds"))
    public var idleTimeout: Int?

    /// `--public-url`: where visitors reach the app (`https://app.example.com`); `nil` reads
    /// `WEBROUTER_PUBLIC_URL` (see ``resolvedPublicOrigin(environment:)``). An `https` origin
    /// makes every cookie `Secure` with a `__Host-` name, and sends HSTS.
    @Option(name: .customLong("public-url"), help: ArgumentHelp(
        "Where visitors reach the app (an https:// or http:// origin): the origin of absolute links; https also makes cookies Secure and __Host- and sends HSTS (default: $WEBROUTER_PUBLIC_URL).",
        valueName: "url"))
    public var publicURL: String?

    /// `--trusted-proxy` (repeatable): the address of a reverse proxy whose `X-Forwarded-Proto`,
    /// `X-Forwarded-Host` and `X-Forwarded-For` are believed
    /// (``ApplicationConfiguration/trustedProxies``).
    @Option(name: .customLong("trusted-proxy"), help: ArgumentHelp(
        "The address of a reverse proxy whose X-Forwarded-Proto, -Host and -For headers are believed (repeatable).",
        valueName: "address"))
    public var trustedProxies: [String] = []

    /// `--hsts-max-age`: the `Strict-Transport-Security` max-age in seconds, sent over TLS
    /// only; `0` sends none; `nil` keeps ``ApplicationConfiguration/strictTransportSecurityMaxAge``.
    @Option(name: .customLong("hsts-max-age"), help: ArgumentHelp(
        "Strict-Transport-Security max-age in seconds, sent only over https (default: one year; 0: none).",
        valueName: "seconds"))
    public var hstsMaxAge: Int?

    /// `--session-check-interval`: seconds for which an instance reuses its session registry's
    /// "active" for the same cookie; `nil` keeps ``ApplicationConfiguration/sessionCheckInterval``.
    @Option(name: .customLong("session-check-interval"), help: ArgumentHelp(
        "Seconds an instance reuses the session registry's \"active\" for the same cookie (0: ask on every request); a session ended on another instance stays usable here that long.",
        valueName: "seconds"))
    public var sessionCheckInterval: Int?

    /// `--access-log` / `--no-access-log`: one log line per answered request (on by default).
    @Flag(inversion: .prefixedNo, help: "Log one line per answered request.")
    public var accessLog = true

    /// `--dev`: development mode. The command watches the package's `Sources/` and `Public/`,
    /// rebuilds (`swift build`) and restarts the app on a change, and every open page reloads
    /// itself (a stylesheet in `Public/` is swapped in place); without `WEBROUTER_SECRET`,
    /// sessions are signed with a secret kept in `.build/webrouter-dev-secret`, so a restart
    /// signs nobody out.
    @Flag(name: .customLong("dev"), help: "Development: rebuild and restart on a change to Sources/ or Public/, reload open pages, keep a stable secret in .build/.")
    public var development = false

    /// `--dev-on-network`: allows `--dev` on a `--host` other than loopback without
    /// `WEBROUTER_SECRET` (otherwise `serve` refuses to start: development mode on a network
    /// signs sessions with a key kept in `.build/` and turns the storyboard map on).
    @Flag(name: .customLong("dev-on-network"), help: "Allow --dev on a non-loopback --host without WEBROUTER_SECRET (a development machine on a trusted network only).")
    public var developmentOnNetwork = false

    /// `--storyboard`: serve the storyboard map (the whole route table with live miniatures)
    /// at `/_map`. Off unless given, or with `--dev`.
    @Flag(name: .customLong("storyboard"), help: "Serve the storyboard map of every route at /_map (on with --dev; off otherwise).")
    public var storyboard = false

    /// `--live-directory`: refresh signals cross every instance on the machine started with
    /// the same directory (a ``DirectoryBroadcaster``); `nil` keeps them in process.
    @Option(name: .customLong("live-directory"), help: ArgumentHelp(
        "A directory shared by the instances on this machine: refresh signals of live pages reach all of them (default: this process only).",
        valueName: "directory"))
    public var liveDirectory: String?

    /// The defaults, as when no option is given.
    public init() {}

    /// Refuses a port outside 0…65535 and a thread count outside 1…256 (a usage error).
    public func validate() throws {
        if let port, !(0...65_535).contains(port) {
            throw ValidationError("--port must be from 0 to 65535, not \(port)")
        }
        if let threads, !(1...256).contains(threads) {
            throw ValidationError("--threads must be from 1 to 256, not \(threads)")
        }
        if let connectionsPerClient, connectionsPerClient < 0 {
            throw ValidationError("--connections-per-client must be 0 (no limit) or more, not \(connectionsPerClient)")
        }
        if let sessionCheckInterval, !(0...3600).contains(sessionCheckInterval) {
            throw ValidationError("--session-check-interval must be from 0 to 3600 seconds, not \(sessionCheckInterval)")
        }
        if let maxConnections, !(1...1_000_000).contains(maxConnections) {
            throw ValidationError("--max-connections must be from 1 to 1000000, not \(maxConnections)")
        }
        if let idleTimeout, !(1...86_400).contains(idleTimeout) {
            throw ValidationError("--idle-timeout must be from 1 to 86400 seconds, not \(idleTimeout)")
        }
        if let hstsMaxAge, hstsMaxAge < 0 {
            throw ValidationError("--hsts-max-age must be 0 (none) or more, not \(hstsMaxAge)")
        }
        for proxy in trustedProxies where proxy.isEmpty || proxy.contains(where: { $0 == " " || $0 == "/" || $0 == "," }) {
            throw ValidationError("--trusted-proxy takes one IP address, not \"\(proxy)\"")
        }
        _ = try resolvedPublicOrigin()
        if let problem = developmentProblem() { throw ValidationError(problem) }
    }

    /// Why `--dev` must not start here, or `nil`: development mode on an address other than
    /// loopback, without `WEBROUTER_SECRET` and without `--dev-on-network`, would serve the
    /// development surfaces (the storyboard map, reloads) to the network with sessions signed
    /// by a key in `.build/`.
    /// - Parameter environment: where `WEBROUTER_SECRET` is read; `nil` reads the process's environment.
    public func developmentProblem(environment: [String: String]? = nil) -> String? {
        guard development, !developmentOnNetwork, !Self.isLoopback(host) else { return nil }
        let environment = environment ?? ProcessInfo.processInfo.environment
        if environment[AppSecret.environmentVariable].flatMap(AppSecret.init(passphrase:)) != nil { return nil }
        return "--dev on --host \(host) is reachable from the network, and without \(AppSecret.environmentVariable) its sessions are signed with a development key: refusing to start. Listen on 127.0.0.1, set \(AppSecret.environmentVariable), or pass --dev-on-network on a trusted network."
    }

    /// Whether `host` is a loopback address or name.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// `--public-url`, else `WEBROUTER_PUBLIC_URL`, else `nil`; an invalid one is a usage error.
    /// - Parameter environment: where the variable is read; `nil` reads the process's environment.
    public func resolvedPublicOrigin(environment: [String: String]? = nil) throws -> PublicOrigin? {
        do {
            if let publicURL { return try PublicOrigin(publicURL) }
            return try PublicOrigin.fromEnvironment(environment: environment)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Sets what the options say about the application: its public origin (when given here
    /// or in the environment), its trusted proxies, its HSTS max-age and its session check interval.
    /// ```swift
    /// var configuration = ApplicationConfiguration(appName: "App")
    /// try options.apply(to: &configuration)
    /// ```
    /// - Parameters:
    ///   - configuration: the app's configuration, changed in place.
    ///   - environment: where `WEBROUTER_PUBLIC_URL` is read; `nil` reads the process's environment.
    public func apply(to configuration: inout ApplicationConfiguration, environment: [String: String]? = nil) throws {
        if let origin = try resolvedPublicOrigin(environment: environment) { configuration.publicOrigin = origin }
        configuration.trustedProxies += trustedProxies
        if let hstsMaxAge { configuration.strictTransportSecurityMaxAge = hstsMaxAge }
        if let sessionCheckInterval { configuration.sessionCheckInterval = sessionCheckInterval }
        if development { DevelopmentLoop.configure(&configuration) }
        // The storyboard shows every route with live miniatures: a development surface.
        if !development && !storyboard { configuration.storyboardPath = nil }
        if let liveDirectory {
            do {
                configuration.live.broadcaster = try DirectoryBroadcaster(directory: liveDirectory)
            } catch {
                throw ValidationError("--live-directory: \(error)")
            }
        }
    }

    /// The server configuration the options and the environment describe, starting from
    /// `base` (the app's ``ApplicationConfiguration/server``): what an option names overrides it.
    /// ```swift
    /// try await app.serve(try options.serverConfiguration(base: configuration.server))
    /// ```
    /// - Parameters:
    ///   - environment: where `PORT` is read; `nil` reads the process's environment.
    ///   - base: the settings no option names (limits, timeouts) come from here.
    public func serverConfiguration(environment: [String: String]? = nil, base: ServerConfiguration = ServerConfiguration()) throws -> ServerConfiguration {
        var server = base
        server.host = host
        server.port = try resolvedPort(environment: environment)
        if let publicDirectory {
            server.publicDirectory = publicDirectory
        } else if server.publicDirectory == nil, StaticFiles.isDirectory("Public") {
            server.publicDirectory = "Public"
        }
        if let threads { server.threadCount = threads }
        if let connectionsPerClient { server.connectionsPerClient = connectionsPerClient }
        if let maxBodySize { server.maxBodySize = maxBodySize }
        if let maxUploadSize { server.maxOversizedFormSize = maxUploadSize }
        if let maxConnections { server.connectionLimit = maxConnections }
        if let idleTimeout { server.connectionTimeout = idleTimeout }
        server.logsRequests = accessLog
        return server
    }

    /// A size as `--max-body-size` takes it: bytes (`3145728`), or a number with `KB`/`KiB`,
    /// `MB`/`MiB` or `GB`/`GiB` (all in units of 1,024, as the server's messages print them).
    static func byteCount(_ text: String) throws -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let digits = trimmed.prefix { $0.isNumber }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        let scale: Int? = switch unit {
        case "", "b", "bytes": 1
        case "k", "kb", "kib": 1 << 10
        case "m", "mb", "mib": 1 << 20
        case "g", "gb", "gib": 1 << 30
        default: nil
        }
        guard let value = Int(digits), let scale, value > 0, value <= (1 << 40) / scale else {
            throw ValidationError("a size is bytes or a number with KB, MB or GB (512KB, 3MiB), not \"\(text)\"")
        }
        return value * scale
    }

    /// `--port`, else `PORT` from the environment, else 8080; a `PORT` that is not a port
    /// is a usage error.
    /// - Parameter environment: where `PORT` is read; `nil` reads the process's environment.
    public func resolvedPort(environment: [String: String]? = nil) throws -> Int {
        if let port { return port }
        let environment = environment ?? ProcessInfo.processInfo.environment
        guard let text = environment["PORT"], !text.isEmpty else { return 8080 }
        guard let value = Int(text), (0...65_535).contains(value) else {
            throw ValidationError("PORT must be a number from 0 to 65535, not \"\(text)\"")
        }
        return value
    }
}
