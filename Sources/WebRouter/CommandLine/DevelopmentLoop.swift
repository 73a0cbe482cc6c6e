import Foundation
public import Logging
import WebRouterHTTP

/// `serve --dev`: watches the package's `Sources/` and `Public/`, rebuilds the app with
/// `swift build` when a source changes and restarts it, and tells every open page over its
/// event stream: a restarted app makes pages reload (their stream reconnects to a new
/// build), a stylesheet in `Public/` is swapped in place without a reload, another file there
/// reloads the pages.
///
/// It watches with inotify on Linux (a save is seen at once; a burst of saves makes one
/// rebuild) and compares modification times every 200 ms elsewhere. The build is
/// `swift build --product <executable>`, or `WEBROUTER_DEV_BUILD_COMMAND` run by `/bin/sh -c`.
/// SIGINT or SIGTERM, during a build too, stops the build with everything it started (each
/// child runs in a process group of its own) and the app, and the loop returns.
///
/// The watching process serves nothing itself: it runs the app's executable again as a
/// child (`WEBROUTER_DEV_CHILD=1`, same arguments) and signals it through a
/// ``DirectoryBroadcaster`` in `.build/webrouter-dev-live`.
/// ```sh
/// swift run webapp serve --dev
/// ```
/// An app with its own `serve` command calls it the same way:
/// ```swift
/// if options.development && !DevelopmentLoop.isChild {
///     try await DevelopmentLoop.run(logger: configuration.logger)   // the app's own logger
///     return
/// }
/// ```
public struct DevelopmentLoop: Sendable {
    static let childVariable = "WEBROUTER_DEV_CHILD"
    static let liveDirectory = ".build/webrouter-dev-live"
    let logger: Logger

    /// Whether this process is the child the loop started (it serves), so it must not watch.
    /// ```swift
    /// if options.development && !DevelopmentLoop.isChild { … }
    /// ```
    public static var isChild: Bool { ProcessInfo.processInfo.environment[childVariable] != nil }

    /// Watches, rebuilds and restarts the app until SIGINT or SIGTERM (`serve --dev`), then
    /// stops the build under way and the app and returns.
    /// ```swift
    /// try await DevelopmentLoop.run(logger: configuration.logger)
    /// ```
    /// `logger` is a swift-log `Logger`: pass the app's ``ApplicationConfiguration/logger``
    /// (no import needed), or make one with `import Logging` and swift-log in the app's
    /// manifest (`.package(url: "https://github.com/apple/swift-log", from: "1.6.0")`).
    public static func run(logger: Logger) async throws {
        try await DevelopmentLoop(logger: logger).run()
    }

    /// Development settings for the serving process: every page opens a stream, streams
    /// reconnect quickly, the dev secret, and the loop's broadcaster.
    /// `joinsLoop`: listen for the watching process's signals (off in tests).
    static func configure(_ configuration: inout ApplicationConfiguration, joinsLoop: Bool = true) {
        configuration.live.development = true
        configuration.live.reconnectDelay = .milliseconds(250)
        if configuration.secret.isEphemeral, let secret = AppSecret.development() {
            configuration.secret = secret
            configuration.logger.notice(
                "development mode: \(AppSecret.environmentVariable) is not set, so sessions are signed with the secret kept in \(AppSecret.developmentSecretFile) (a restart signs nobody out; never use it in production)")
        }
        if joinsLoop, let broadcaster = try? DirectoryBroadcaster(directory: liveDirectory) {
            configuration.live.broadcaster = broadcaster
        }
    }

    /// Runs the loop on a thread of its own: it blocks in `poll(2)` between changes.
    func run() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let thread = Thread {
                do {
                    try self.watchBuildAndRestart()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = "webrouter-dev-loop"
            thread.start()
        }
    }

    /// The build command: `WEBROUTER_DEV_BUILD_COMMAND` (run by `/bin/sh -c`), else
    /// `swift build --product <product>`.
    static func buildCommand(product: String, environment: [String: String]) -> [String] {
        if let command = environment[buildCommandVariable], !command.isEmpty { return ["/bin/sh", "-c", command] }
        return ["swift", "build", "--product", product]
    }

    static let buildCommandVariable = "WEBROUTER_DEV_BUILD_COMMAND"

    private func watchBuildAndRestart() throws {
        let environment = ProcessInfo.processInfo.environment
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        let product = URL(fileURLWithPath: executable).lastPathComponent
        let broadcaster = try DirectoryBroadcaster(directory: Self.liveDirectory)
        defer { broadcaster.close() }
        let wake = try LoopSignals.install()
        var app = try start(executable, environment: environment)
        // Whether the serving app saw a Public/ when it started (it serves /static/ only then).
        var servesPublic = StaticFiles.isDirectory("Public")
        let watcher = SourceWatcher(interruption: wake)
        logger.notice("development mode: the app runs as process \(app.pid); watching Sources/ and Public/ (\(watcher.usesInotify ? "inotify" : "polling every 200 ms")); edit a file and open pages update")
        var appExitReported = false
        watching: while !LoopSignals.terminated {
            let changed: Set<String>
            switch watcher.next() {
            case .interrupted, .timedOut:
                LoopSignals.drain(wake)
                if app.hasExited && !appExitReported {
                    appExitReported = true
                    logger.error("the app exited (status \(app.status ?? -1)); it starts again after the next change")
                }
                continue watching
            case .changed(let files):
                changed = files
            }
            if changed.allSatisfy({ $0.hasPrefix("Public/") }) && !servesPublic && StaticFiles.isDirectory("Public") {
                // Public/ was made after the app started: start it again, so it serves /static/.
                logger.notice("Public/ appeared: restarting the app so that it serves /static/")
                app.stop(grace: .seconds(10), wake: wake)
                app = try start(executable, environment: environment)
                servesPublic = true
                appExitReported = false
                continue
            }
            if changed.allSatisfy({ $0.hasPrefix("Public/") }) {
                let onlyStyles = changed.allSatisfy { $0.hasSuffix(".css") }
                logger.notice("\(changed.sorted().joined(separator: ", ")) changed: \(onlyStyles ? "swapping stylesheets" : "reloading pages")")
                broadcaster.publish([LiveHub.eventKeyPrefix + (onlyStyles ? "stylesheet" : "reload")])
                continue
            }
            let started = ContinuousClock.now
            logger.notice("\(changed.sorted().prefix(3).joined(separator: ", ")) changed: rebuilding \(product)")
            let build: ChildProcess
            do {
                build = try ChildProcess(Self.buildCommand(product: product, environment: environment), environment: environment)
            } catch {
                logger.error("cannot start the build (\(error.localizedDescription)); the running app keeps serving")
                continue
            }
            while !build.hasExited {
                if LoopSignals.terminated {
                    logger.notice("stopping the build (process \(build.pid) and what it started)")
                    build.stop(grace: .seconds(5), wake: wake)
                    break watching
                }
                _ = SourceWatcher.waitReadable([wake], until: nil)
                LoopSignals.drain(wake)
            }
            guard build.status == 0 else {
                logger.error("the build failed (see above); the running app keeps serving")
                continue
            }
            app.stop(grace: .seconds(10), wake: wake)
            app = try start(executable, environment: environment)
            servesPublic = StaticFiles.isDirectory("Public")
            appExitReported = false
            logger.notice("restarted in \(ContinuousClock.now - started) (process \(app.pid)); open pages reload when they reconnect")
        }
        app.stop(grace: .seconds(10), wake: wake)
        logger.notice("development mode: stopped")
    }

    /// Starts the app's executable again, with the same arguments, as the serving child.
    private func start(_ executable: String, environment: [String: String]) throws -> ChildProcess {
        var environment = environment
        environment[Self.childVariable] = "1"
        return try ChildProcess([executable] + CommandLine.arguments.dropFirst(), environment: environment)
    }
}
