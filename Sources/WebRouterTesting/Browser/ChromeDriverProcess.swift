import WebRouterHTML
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A running chromedriver: spawned on a loopback port it picks itself (`--port=0`), its
/// stdout and stderr kept in a temporary log file whose tail explains a failed start.
///
/// ``WebDriverSession`` owns one and stops it in ``WebDriverSession/quit()``; ``stop()`` waits for
/// chromedriver to exit (after the session's `DELETE` and `GET /shutdown`), then terminates it,
/// then kills its process group, so neither chromedriver nor the Chromium it started outlives
/// the session.
final class ChromeDriverProcess: @unchecked Sendable {
    /// The chromedriver process (Foundation reaps it).
    private let process: Process
    /// The log file chromedriver's stdout and stderr go to.
    let logPath: String
    /// The loopback port chromedriver listens on.
    let port: Int
    /// chromedriver's process group, when it leads one of its own (Foundation's `Process` spawns
    /// children that way on Linux); Chromium and its helpers inherit it, so one signal to the
    /// group reaches them all. `nil` when chromedriver shares this process's group.
    private let processGroup: pid_t?
    /// The chromedriver process id.
    var pid: pid_t { process.processIdentifier }

    private init(process: Process, logPath: String, port: Int, processGroup: pid_t?) {
        self.process = process
        self.logPath = logPath
        self.port = port
        self.processGroup = processGroup
    }

    /// Spawns chromedriver and waits, up to `timeout`, until it has printed its port and its
    /// `GET /status` says it is ready for new sessions. Polls (no fixed sleeps); on failure the
    /// process is stopped and the error carries the log's tail.
    ///
    /// chromedriver picks its "free" port itself, and another process can take it between its
    /// check and its `bind` ("IPv4 port not available"): that start is retried, up to three times.
    static func launch(executable: String, timeout: Duration = .seconds(20)) async throws -> ChromeDriverProcess {
        var attempt = 1
        while true {
            do {
                return try await launchOnce(executable: executable, timeout: timeout)
            } catch let error as WebDriverError where attempt < 3 && (error.logTail ?? "").contains("port not available") {
                attempt += 1
            }
        }
    }

    private static func launchOnce(executable: String, timeout: Duration) async throws -> ChromeDriverProcess {
        let deadline = ContinuousClock.now + timeout
        let logPath = NSTemporaryDirectory() + "/webrouter-chromedriver-\(UUID().uuidString).log"
        guard FileManager.default.createFile(atPath: logPath, contents: nil),
              let log = FileHandle(forWritingAtPath: logPath)
        else {
            throw WebDriverError(command: "start", code: "chromedriver failed", message: "cannot create the log file \(logPath)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        // Port 0: chromedriver binds a free port itself and prints it (no race with a port picked here).
        process.arguments = ["--port=0"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = log
        process.standardError = log
        do {
            try process.run()
        } catch {
            try? log.close()
            throw WebDriverError(command: "start", code: "chromedriver failed",
                                 message: "cannot run \(executable): \(error)", logTail: tail(of: logPath))
        }
        try? log.close()   // the child has its own descriptor
        let pid = process.processIdentifier
        let group = getpgid(pid)
        let processGroup: pid_t? = group == pid ? group : nil

        func fail(_ message: String) async -> WebDriverError {
            let error = WebDriverError(command: "start", code: "chromedriver failed", message: message, logTail: tail(of: logPath))
            await ChromeDriverProcess(process: process, logPath: logPath, port: 0, processGroup: processGroup).stop()
            return error
        }

        // 1. The port, from "ChromeDriver was started successfully on port 36497."
        var port: Int?
        while port == nil {
            port = announcedPort(in: logPath)
            if port != nil { break }
            if !process.isRunning {
                throw await fail("chromedriver exited (status \(process.terminationStatus)) before listening")
            }
            if ContinuousClock.now >= deadline {
                throw await fail("chromedriver did not announce its port within \(timeout)")
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        let driver = ChromeDriverProcess(process: process, logPath: logPath, port: port!, processGroup: processGroup)

        // 2. GET /status until "ready": true.
        var lastProblem = "no answer yet"
        while true {
            do {
                let value = try await WebDriverSession.send(port: driver.port, "GET", "/status", readTimeoutSeconds: 5)
                if value["ready"]?.boolValue == true { return driver }
                lastProblem = "GET /status answered \(value)"
            } catch {
                lastProblem = "\(error)"
            }
            if !process.isRunning {
                throw await fail("chromedriver exited (status \(process.terminationStatus)) before it was ready")
            }
            if ContinuousClock.now >= deadline {
                throw await fail("chromedriver was not ready within \(timeout): \(lastProblem)")
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The port chromedriver announced in its log, if it has yet.
    private static func announcedPort(in logPath: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: logPath) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let range = text.range(of: "started successfully on port ") else { return nil }
        let digits = text[range.upperBound...].prefix { $0.isNumber }
        // The sentence ends with "."; until the period is there, the number may still be partial.
        guard text[range.upperBound...].dropFirst(digits.count).first == "." else { return nil }
        return Int(digits)
    }

    /// The last `lines` lines of a log file.
    static func tail(of logPath: String, lines: Int = 40) -> String {
        guard let data = FileManager.default.contents(atPath: logPath) else { return "" }
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The last lines of chromedriver's log.
    func logTail(lines: Int = 40) -> String {
        Self.tail(of: logPath, lines: lines)
    }

    /// Whether chromedriver is still running.
    var isRunning: Bool { process.isRunning }

    /// Waits (up to 5 s) for chromedriver to exit on its own (after `GET /shutdown`), then
    /// sends it `SIGTERM` (and waits up to 2 s more), then `SIGKILL`s its process group (or
    /// itself), so nothing it started survives; removes the log file. Never throws.
    func stop() async {
        if !(await waitForExit(within: .seconds(5))) {
            process.terminate()
            _ = await waitForExit(within: .seconds(2))
        }
        // Chromium has normally exited by now (DELETE /session closes it); its processes may
        // linger as zombies until init reaps them (slowly, in some containers), which a signal
        // cannot hurry. Anything still alive in the group dies here.
        killNow()
        try? FileManager.default.removeItem(atPath: logPath)
    }

    /// `SIGKILL` to chromedriver's process group (Chromium included), or to chromedriver alone
    /// when it shares this process's group and is still running. Synchronous, for `deinit`.
    func killNow() {
        if let processGroup {
            kill(-processGroup, SIGKILL)   // ESRCH when the whole group is already gone: fine.
        } else if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
    }

    /// The last resort of a session dropped without `quit()`: kills the group at once and
    /// removes the log file. Synchronous, for `deinit`.
    func abandon() {
        killNow()
        try? FileManager.default.removeItem(atPath: logPath)
    }

    /// Polls until chromedriver has exited; `false` if it still runs at the deadline.
    private func waitForExit(within timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }
}
