import Foundation
import Testing
import WebRouterTesting

/// `webapp serve --dev` as a developer runs it, on a package folder of its own with a fake
/// build that runs until stopped: SIGTERM (or Ctrl-C's SIGINT) in the middle of a build stops
/// the build with the process it started, stops the app, and exits with status 0.
@Suite("webapp serve --dev as a process", .serialized,
       .enabled(if: FileManager.default.isExecutableFile(atPath: webappBinary.path),
                "needs the linked webapp binary: make test builds it (swift build --product webapp)"))
struct DevelopmentLoopProcessTests {
    /// Whether `pid` names a live process (a zombie is not one).
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return false }
        return !stat[end...].dropFirst(2).hasPrefix("Z")
    }

    static func numbers(in line: String) -> [Int32] {
        line.split { !$0.isNumber }.compactMap { Int32($0) }
    }

    @Test(.timeLimit(.minutes(1)), arguments: [SIGTERM, SIGINT])
    func aSignalDuringABuildStopsTheBuildAndTheAppAndExitsCleanly(signal: Int32) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wr-dev-loop-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Public"), withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("Sources/App/Main.swift")
        try Data("print(1)\n".utf8).write(to: source)
        // The fake build: a shell that starts a long job and waits for it, as `swift build`
        // waits for its compilers.
        let script = folder.appendingPathComponent("build.sh")
        try Data("sleep 600 &\necho \"fake build: process $$, its job $!\" >&2\nwait\n".utf8).write(to: script)

        let running = try ServeProcessTests.Running(
            ["--dev", "--port", "0", "--public", ServeProcessTests.publicDirectory],
            directory: folder, environment: ["WEBROUTER_DEV_BUILD_COMMAND": "exec /bin/sh \(script.path)"])
        let started = try #require(await onOwnThread { running.waitForLine(containing: "the app runs as process ") })
        let app = try #require(Self.numbers(in: started.components(separatedBy: "the app runs as process ")[1]).first)
        _ = try #require(await onOwnThread { running.waitForLine(containing: "listening on http://127.0.0.1:") })
        #expect(Self.isAlive(app))

        try Data("print(2)\n".utf8).write(to: source)
        let building = try #require(await onOwnThread { running.waitForLine(containing: "fake build: process ") })
        let build = Self.numbers(in: building)
        try #require(build.count == 2)
        #expect(build.allSatisfy(Self.isAlive))

        kill(running.process.processIdentifier, signal)
        #expect(try await onOwnThread { running.waitForExit() } == 0)
        #expect(running.output.contains("development mode: stopped"))
        for pid in [app] + build {
            #expect(!Self.isAlive(pid), "process \(pid) outlived the dev loop")
        }
    }
}
