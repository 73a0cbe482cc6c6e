import Foundation
import Testing
import WebRouterTesting

/// `webapp` sits next to the test bundle in the build folder.
let webappBinary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("webapp")

/// The `webapp` binary as an operator runs it: it logs the port it listens on, serves,
/// stops with exit status 0 on SIGTERM and SIGINT, and refuses a taken port with status 1.
@Suite("webapp serve as a process", .serialized,
       .enabled(if: FileManager.default.isExecutableFile(atPath: webappBinary.path),
                "needs the linked webapp binary: make test builds it (swift build --product webapp)"))
struct ServeProcessTests {
    static var binary: URL { webappBinary }
    static let publicDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Public").standardized.path

    /// A running `webapp` and the lines it writes to standard error.
    final class Running: @unchecked Sendable {
        let process = Process()
        let errors = Pipe()
        private var buffer = Data()
        /// The database this run made for itself and removes when done, if it was not given one.
        private let ownDatabase: String?

        /// Starts `webapp` with `arguments`; its accounts live in `WEBAPP_DATABASE`: a fresh
        /// file under the temporary directory unless `database` names one. `directory`: its
        /// working directory; `environment`: variables added to the test's few.
        init(_ arguments: [String], database: String? = nil, directory: URL? = nil, environment: [String: String] = [:]) throws {
            let path = database ?? FileManager.default.temporaryDirectory
                .appendingPathComponent("webapp-process-test-\(UUID().uuidString).sqlite").path
            ownDatabase = database == nil ? path : nil
            process.executableURL = ServeProcessTests.binary
            process.arguments = arguments
            process.environment = ["WEBROUTER_SECRET": String(repeating: "process-test-secret ", count: 3), "PATH": "/usr/bin:/bin",
                                   "WEBAPP_DATABASE": path].merging(environment) { $1 }
            if let directory { process.currentDirectoryURL = directory }
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
        }

        deinit {
            if process.isRunning { process.terminate() }
            if let ownDatabase {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: ownDatabase + suffix) }
            }
        }

        /// Reads standard error until a line contains `text` (or the stream ends).
        func waitForLine(containing text: String) -> String? {
            while true {
                if let range = buffer.range(of: Data(text.utf8)) {
                    let lineEnd = buffer[range.upperBound...].firstIndex(of: 10) ?? buffer.endIndex
                    let lineStart = buffer[..<range.lowerBound].lastIndex(of: 10).map { $0 + 1 } ?? buffer.startIndex
                    return String(decoding: buffer[lineStart..<lineEnd], as: UTF8.self)
                }
                let chunk = errors.fileHandleForReading.availableData
                if chunk.isEmpty { return nil }
                buffer.append(chunk)
            }
        }

        var output: String { String(decoding: buffer + errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }

        func waitForExit() -> Int32 {
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    static func port(in line: String) -> Int? {
        line.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) }
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func servesThenStopsGracefullyOnASignal(signal: Int32) async throws {
        let running = try Running(["--port", "0", "--public", Self.publicDirectory])
        let line = try #require(await onOwnThread { running.waitForLine(containing: "listening on http://127.0.0.1:") })
        let port = try #require(Self.port(in: line))
        let page = try await LoopbackConnection.exchange(port: port, "GET /launch HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(page.status == 200)
        let css = try await LoopbackConnection.exchange(port: port, "GET /static/scores.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(css.status == 200 && css.headers["Content-Type"]?.hasPrefix("text/css") == true)
        kill(running.process.processIdentifier, signal)
        let status = try await onOwnThread { running.waitForExit() }
        #expect(status == 0)
        #expect(running.output.contains("shutting down"))
    }

    /// Orchestrators send SIGTERM as soon as they like: a signal right after the "listening"
    /// line (before any request) must still stop the server, never be dropped.
    @Test(.timeLimit(.minutes(1)))
    func aSignalSentTheMomentItListensStopsIt() async throws {
        for _ in 0..<5 {
            let running = try Running(["--port", "0", "--public", Self.publicDirectory])
            _ = try #require(await onOwnThread { running.waitForLine(containing: "listening on http://127.0.0.1:") })
            kill(running.process.processIdentifier, SIGTERM)
            #expect(try await onOwnThread { running.waitForExit() } == 0)
            #expect(running.output.contains("received signal 15"))
        }
    }

    @Test(arguments: [true, false])
    func logsEachRequestUnlessToldNotTo(logs: Bool) async throws {
        let running = try Running(["--port", "0", "--public", Self.publicDirectory] + (logs ? [] : ["--no-access-log"]))
        let line = try #require(await onOwnThread { running.waitForLine(containing: "listening on http://127.0.0.1:") })
        let port = try #require(Self.port(in: line))
        let page = try await LoopbackConnection.exchange(port: port, "GET /launch?from=test HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(page.status == 200)
        kill(running.process.processIdentifier, SIGTERM)
        #expect(try await onOwnThread { running.waitForExit() } == 0)
        // The line names the path without its query (which may carry personal data).
        #expect(running.output.contains("GET /launch 200 ") == logs)
        #expect(!running.output.contains("from=test"))
    }

    @Test func threadsSetsTheWorkerCountAndRefusesNonsense() async throws {
        let single = try Running(["--port", "0", "--public", Self.publicDirectory, "--threads", "1"])
        let line = try #require(await onOwnThread { single.waitForLine(containing: "listening on http://127.0.0.1:") })
        let page = try await LoopbackConnection.exchange(
            port: try #require(Self.port(in: line)), "GET /launch HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(page.status == 200)
        kill(single.process.processIdentifier, SIGTERM)
        #expect(try await onOwnThread { single.waitForExit() } == 0)

        let none = try Running(["--port", "0", "--public", Self.publicDirectory, "--threads", "0"])
        #expect(try await onOwnThread { none.waitForExit() } == 64, "a usage error, as ArgumentParser reports them")
        #expect(none.output.contains("--threads must be from 1 to 256, not 0"))
    }

    @Test func publicURLSetsTheShareLinksOriginAndRefusesNonsense() async throws {
        let running = try Running(["--port", "0", "--public", Self.publicDirectory, "--public-url", "https://scores.example/"])
        let line = try #require(await onOwnThread { running.waitForLine(containing: "listening on http://127.0.0.1:") })
        let port = try #require(Self.port(in: line))
        // The share card of a signed-out page: its link is on the configured origin, whatever Host says.
        let page = try await LoopbackConnection.exchange(
            port: port, "GET /welcome/~share HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
        #expect(page.status == 200)
        #expect(page.text.contains("value=\"https://scores.example/welcome\""))
        #expect(!page.text.contains("evil.example"))
        // An https origin: every cookie Secure with a __Host- name, and HSTS (issue 33).
        let cookie = try #require(page.headers.values(for: "Set-Cookie").first)
        #expect(cookie.hasPrefix("__Host-wr_csrf=") && cookie.contains("; Secure"), "\(cookie)")
        #expect(page.headers["Strict-Transport-Security"] == "max-age=31536000")
        kill(running.process.processIdentifier, SIGTERM)
        #expect(try await onOwnThread { running.waitForExit() } == 0)

        let bad = try Running(["--port", "0", "--public", Self.publicDirectory, "--public-url", "scores.example"])
        #expect(try await onOwnThread { bad.waitForExit() } == 64, "a usage error, as ArgumentParser reports them")
        #expect(bad.output.contains("is not a public URL"))
    }

    /// Issue 44: development mode reachable from the network, with no secret, does not start.
    @Test func devOnTheNetworkWithoutASecretRefusesToStart() async throws {
        let exposed = try Running(["--dev", "--host", "0.0.0.0", "--port", "0"], environment: ["WEBROUTER_SECRET": ""])
        #expect(try await onOwnThread { exposed.waitForExit() } == 64, "a usage error, as ArgumentParser reports them")
        #expect(exposed.output.contains("refusing to start"))
    }

    /// Issue 44: the storyboard map is off in production unless asked for, and a hidden
    /// defence switch is said at the highest level when the server starts.
    @Test func theMapIsOffUnlessAskedForAndHiddenSwitchesAreLoud() async throws {
        let running = try Running(["--port", "0", "--public", Self.publicDirectory, "--no-sign-in-throttle"])
        let warning = await (try? onOwnThread { running.waitForLine(containing: "DEFENCE SWITCHED OFF") }) ?? nil
        #expect(warning?.contains("critical") == true && warning?.contains("--no-sign-in-throttle") == true, "\(warning ?? "no warning")")
        let line = try #require(await onOwnThread { running.waitForLine(containing: "listening on http://127.0.0.1:") })
        let port = try #require(Self.port(in: line))
        let map = try await LoopbackConnection.exchange(port: port, "GET /_map HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(map.status == 404)
        kill(running.process.processIdentifier, SIGTERM)
        #expect(try await onOwnThread { running.waitForExit() } == 0)

        let asked = try Running(["--port", "0", "--public", Self.publicDirectory, "--storyboard"])
        let askedLine = try #require(await onOwnThread { asked.waitForLine(containing: "listening on http://127.0.0.1:") })
        let shown = try await LoopbackConnection.exchange(
            port: try #require(Self.port(in: askedLine)), "GET /_map HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(shown.status == 200)
        kill(asked.process.processIdentifier, SIGTERM)
        #expect(try await onOwnThread { asked.waitForExit() } == 0)
    }

    @Test func aTakenPortIsAClearErrorAndExitStatus1() async throws {
        let first = try Running(["--port", "0", "--public", Self.publicDirectory])
        let line = try #require(await onOwnThread { first.waitForLine(containing: "listening on http://127.0.0.1:") })
        let port = try #require(Self.port(in: line))
        let second = try Running(["--port", String(port), "--public", Self.publicDirectory])
        let status = try await onOwnThread { second.waitForExit() }
        #expect(status == 1)
        #expect(second.output.contains("webapp: port \(port) on 127.0.0.1 is already in use"))
        kill(first.process.processIdentifier, SIGTERM)
        #expect(try await onOwnThread { first.waitForExit() } == 0)
    }
}
