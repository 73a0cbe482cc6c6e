import Foundation
public import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// `serve --dev`: watches the package's `Sources/` and `Public/`, rebuilds the app with
/// `swift build` when a source changes and restarts it, and tells every open page over its
/// event stream: a restarted app makes pages reload (their stream reconnects to a new
/// build), a stylesheet in `Public/` is swapped in place without a reload, another file there
/// reloads the pages.
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
///     try await DevelopmentLoop.run(logger: logger)
///     return
/// }
/// ```
public struct DevelopmentLoop {
    static let childVariable = "WEBROUTER_DEV_CHILD"
    static let liveDirectory = ".build/webrouter-dev-live"
    let logger: Logger

    /// Whether this process is the child the loop started (it serves), so it must not watch.
    /// ```swift
    /// if options.development && !DevelopmentLoop.isChild { … }
    /// ```
    public static var isChild: Bool { ProcessInfo.processInfo.environment[childVariable] != nil }

    /// Watches, rebuilds and restarts the app until SIGINT or SIGTERM (`serve --dev`).
    /// ```swift
    /// try await DevelopmentLoop.run(logger: Logger(label: "app.dev"))
    /// ```
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

    func run() async throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        let product = URL(fileURLWithPath: executable).lastPathComponent
        let broadcaster = try DirectoryBroadcaster(directory: Self.liveDirectory)
        defer { broadcaster.close() }
        SignalHandlingBridge.install()
        var child = try start(executable)
        var snapshot = Self.snapshot()
        logger.notice("development mode: watching Sources/ and Public/; edit a file and open pages update")
        while !SignalHandlingBridge.terminated {
            try? await Task.sleep(for: .milliseconds(200))
            let now = Self.snapshot()
            guard now != snapshot else { continue }
            let changed = Set(now.keys).symmetricDifference(snapshot.keys)
                .union(now.keys.filter { snapshot[$0] != nil && snapshot[$0] != now[$0] })
            snapshot = now
            if changed.allSatisfy({ $0.hasPrefix("Public/") }) {
                let onlyStyles = changed.allSatisfy { $0.hasSuffix(".css") }
                logger.notice("\(changed.sorted().joined(separator: ", ")) changed: \(onlyStyles ? "swapping stylesheets" : "reloading pages")")
                broadcaster.publish([LiveHub.eventKeyPrefix + (onlyStyles ? "stylesheet" : "reload")])
                continue
            }
            let started = ContinuousClock.now
            logger.notice("\(changed.sorted().prefix(3).joined(separator: ", ")) changed: rebuilding \(product)")
            guard Self.build(product: product) else {
                logger.error("the build failed (see above); the running app keeps serving")
                continue
            }
            child.terminate()
            child.waitUntilExit()
            child = try start(executable)
            logger.notice("restarted in \(ContinuousClock.now - started); open pages reload when they reconnect")
        }
        child.terminate()
        child.waitUntilExit()
    }

    private func start(_ executable: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(CommandLine.arguments.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childVariable] = "1"
        process.environment = environment
        try process.run()
        return process
    }

    /// `swift build --product <product>`; `true` when it succeeded.
    static func build(product: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--product", product]
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// The modification time of every file under `Sources/` and `Public/`.
    static func snapshot() -> [String: Date] {
        var times: [String: Date] = [:]
        for root in ["Sources", "Public"] {
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            while let relative = walker.nextObject() as? String {
                let path = root + "/" + relative
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                    attributes[.type] as? FileAttributeType == .typeRegular,
                    let modified = attributes[.modificationDate] as? Date
                else { continue }
                times[path] = modified
            }
        }
        return times
    }
}

/// SIGINT and SIGTERM for the watching process: it stops its child and exits.
enum SignalHandlingBridge {
    static let flag = Atomic<Bool>(false)
    static var terminated: Bool { flag.load(ordering: .relaxed) }

    static func install() {
        signal(SIGINT) { _ in SignalHandlingBridge.flag.store(true, ordering: .relaxed) }
        signal(SIGTERM) { _ in SignalHandlingBridge.flag.store(true, ordering: .relaxed) }
    }
}
