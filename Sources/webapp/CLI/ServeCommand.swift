import ArgumentParser
import Foundation
import Logging
import WebRouter
#if PostgreSQL
import WebRouterStore
#endif

/// `webapp serve` (the default): serves the Scores demo app on a host and port, `Public/`
/// under `/static/`, and stops gracefully on SIGINT or SIGTERM.
///
/// ```sh
/// WEBROUTER_SECRET=… PORT=9000 webapp serve --public Public --database /var/lib/webapp/webapp.sqlite \
///     --public-url https://scores.example
/// # instances on several hosts: accounts in PostgreSQL, refreshes through LISTEN/NOTIFY
/// WEBROUTER_SECRET=… webapp serve --host 0.0.0.0 --database postgres://scores@db.internal/scores
/// ```
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the app over HTTP."
    )

    /// The framework's serve flags: `--host`, `--port`, `--public`, `--threads`, `--no-access-log`,
    /// `--public-url`, `--trusted-proxy`, `--hsts-max-age`, …
    @OptionGroup var server: ServeOptions

    /// Off only to measure what checking each signed-in request against the database costs
    /// (`make bench`): sign-out and password changes then end no copied cookie.
    @Flag(name: .customLong("no-session-check"), help: .hidden)
    var skipsSessionCheck = false

    /// Off only to measure what the sign-in limits save (`Benchmarks/http/signin_flood.py`):
    /// no throttle, and passwords hashed with no bound on concurrency, as before issue 33.
    @Flag(name: .customLong("no-sign-in-limits"), help: .hidden)
    var skipsSignInLimits = false

    /// Off only to measure the hashing pool's bound alone (`Benchmarks/http/signin_flood.py`):
    /// no throttle, as a flood from many addresses at many accounts would meet.
    @Flag(name: .customLong("no-sign-in-throttle"), help: .hidden)
    var skipsSignInThrottle = false

    @Option(name: .customLong("metrics-port"),
            help: "Serve the request metrics in Prometheus' text format at /metrics on this port (off by default).")
    var metricsPort: Int?

    @Option(name: .customLong("live-goal-interval"),
            help: "Seconds between goals of the demo's simulated live match (0: no live match).")
    var liveGoalInterval: Double = 20

    @Option(help: ArgumentHelp(
        "Where accounts and profiles are kept: an SQLite file, created if missing (instances on one host may share it), or a PostgreSQL server, postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (instances on several hosts; page refreshes cross them too). Default: $WEBAPP_DATABASE, else ./webapp.sqlite.",
        valueName: "file-or-postgres-url"))
    var database: String?

    /// The database to use (a file, or a `postgres://` address): `--database`, else
    /// `WEBAPP_DATABASE` from the environment, else `webapp.sqlite` in the working directory.
    func resolvedDatabasePath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let database, !database.isEmpty { return database }
        if let path = environment[DemoStorage.environmentVariable], !path.isEmpty { return path }
        return DemoStorage.defaultPath
    }

    /// A loud sentence for each defence a hidden flag switched off (benchmarks only).
    var switchedOffDefences: [String] {
        var switched: [(String, String)] = []
        if skipsSignInLimits { switched.append(("--no-sign-in-limits", "sign-in is neither throttled nor bounded")) }
        if skipsSignInThrottle { switched.append(("--no-sign-in-throttle", "sign-in is not throttled")) }
        if skipsSessionCheck {
            switched.append(("--no-session-check", "a signed-out or changed-password session's copied cookie keeps working"))
        }
        return switched.map { "DEFENCE SWITCHED OFF: \($0.0): \($0.1). This flag is for measurements only; never run it in production." }
    }

    func validate() throws {
        if metricsPort != nil, let problem = BuildTraits.missing(.prometheus) {
            throw ValidationError(problem)
        }
        let location = resolvedDatabasePath()
        if location.hasPrefix("postgres://") || location.hasPrefix("postgresql://"),
           let problem = BuildTraits.missing(.postgreSQL) {
            throw ValidationError(problem)
        }
    }

    func run() async throws {
        if server.development && !DevelopmentLoop.isChild {
            // `--dev`: this process watches, rebuilds and restarts a child that serves.
            try await DevelopmentLoop.run(logger: Logger(label: "webapp.dev"))
            return
        }
        // With TZ unset, glibc checks /etc/localtime on every timestamp the logs format;
        // naming it once keeps that system call off the access log's path.
        if getenv("TZ") == nil { setenv("TZ", ":/etc/localtime", 0) }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        let logger = Logger(label: "webapp")
        // Without WEBROUTER_SECRET, Application.serve warns that sessions end at every restart.
        let secret = AppSecret.fromEnvironment().secret
        let location = resolvedDatabasePath()
        let storage: DemoStorage
        do {
            storage = try await DemoStorage.open(location, liveDirectory: server.liveDirectory, logger: logger)
        } catch {
            #if PostgreSQL
            let shown = (try? PostgresAddress(parsing: location).description) ?? location
            #else
            let shown = location
            #endif
            FileHandle.standardError.write(Data("webapp: cannot open the database \(shown): \(error)\n".utf8))
            throw ExitCode.failure
        }
        do {
            try await serve(storage: storage, secret: secret, logger: logger)
            await storage.close()
        } catch {
            await storage.close()
            throw error
        }
    }

    /// Serves the demo over `storage` until SIGINT or SIGTERM.
    private func serve(storage: DemoStorage, secret: AppSecret, logger: Logger) async throws {
        // The hidden switches exist for the benchmarks only: each one is said at start, at the
        // highest level, on every start, so none can be left on unnoticed.
        for warning in switchedOffDefences { logger.critical("\(warning)") }
        // Screen views at debug, moves at info (label "scores.routes").
        let publicOrigin = try server.resolvedPublicOrigin()
        if publicOrigin == nil {
            logger.notice("no --public-url or WEBROUTER_PUBLIC_URL: share links are absolute only on loopback hosts")
        }
        let options = server
        let skipsSessionCheck = skipsSessionCheck
        let data = try await skipsSignInLimits || skipsSignInThrottle
            ? DemoData.unlimited(storage: storage, keepsHashingPool: skipsSignInThrottle)
            : DemoData.open(storage: storage)
        let broadcaster = storage.broadcaster
        let app = try AppLoader.load(secret: secret, data: data, publicOrigin: publicOrigin, observers: [RouteLog()]) {
            configuration in
            // Validated already (`ServeOptions.validate`): applying cannot fail here.
            try? options.apply(to: &configuration)
            if skipsSessionCheck { configuration.sessionRegistry = nil }
            // On PostgreSQL, refreshes reach the instances on other hosts (over --live-directory);
            // under `--dev` the loop's own broadcaster stays (it reloads pages after a rebuild).
            if let broadcaster, !options.development { configuration.live.broadcaster = broadcaster }
        }
        var configuration = try server.serverConfiguration()
        // The demo serves ./Public (relative to the working directory) unless told otherwise.
        if configuration.publicDirectory == nil { configuration.publicDirectory = "Public" }
        logger.info("static files from \(configuration.publicDirectory ?? "Public") under \(configuration.staticPrefix)")
        do {
            #if Prometheus
            let metrics = try metricsPort.map { try MetricsEndpoint.start(host: configuration.host, port: $0, logger: logger) }
            #endif
            // The simulated live match (demo data only): a goal every interval, and every open
            // page showing it refreshes.
            let interval = liveGoalInterval
            let simulation = interval > 0 ? Task {
                while (try? await Task.sleep(for: .milliseconds(Int(interval * 1000)))) != nil {
                    app.refresh(data.live.advance())
                }
            } : nil
            try await app.serve(configuration)
            simulation?.cancel()
            #if Prometheus
            await metrics?.stop()
            #endif
        } catch let error as HTTPServerError {
            FileHandle.standardError.write(Data("webapp: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}
