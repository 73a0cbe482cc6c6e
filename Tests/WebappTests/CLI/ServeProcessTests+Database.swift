import Foundation
import Testing
import WebRouterTesting

extension ServeProcessTests {
    /// `webapp serve --database F`, register, stop, start again on F, sign in: the account and
    /// its profile are still there, and a wrong password still fails.
    @Test func anAccountRegisteredBeforeARestartSignsInAfterIt() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("webapp-restart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("accounts.sqlite").path
        let arguments = ["--port", "0", "--public", Self.publicDirectory, "--database", database]

        let first = try Running(arguments, database: database)
        let firstLine = try #require(await onOwnThread { first.waitForLine(containing: "listening on http://127.0.0.1:") })
        var port = try #require(Self.port(in: firstLine))
        let registering = RawBrowser(port: port)
        let registered = try await registering.submit("/welcome/~registration", action: "register",
                                                      ["username": "ada", "display_name": "Ada Lovelace", "password": "engine"])
        #expect(registered.status == 303 && registered.headers["Location"] == "/feed")
        kill(first.process.processIdentifier, SIGTERM)
        #expect(try await onOwnThread { first.waitForExit() } == 0)
        #expect(FileManager.default.fileExists(atPath: database))

        let second = try Running(arguments, database: database)
        let secondLine = try #require(await onOwnThread { second.waitForLine(containing: "listening on http://127.0.0.1:") })
        port = try #require(Self.port(in: secondLine))
        let returning = RawBrowser(port: port)
        let wrong = try await returning.submit("/welcome/~login", action: "sign-in", ["username": "ada", "password": "wrong"])
        #expect(wrong.status == 422 && wrong.text.contains("Wrong username or password."))
        let signedIn = try await returning.submit("/welcome/~login", action: "sign-in", ["username": "ada", "password": "engine"])
        #expect(signedIn.status == 303 && signedIn.headers["Location"] == "/feed")
        let dashboard = try await returning.get("/dashboard")
        #expect(dashboard.status == 200 && dashboard.text.contains("Ada Lovelace"))
        kill(second.process.processIdentifier, SIGTERM)
        #expect(try await onOwnThread { second.waitForExit() } == 0)
    }

    /// A database path the app cannot create is a clear message and exit status 1, not a crash.
    @Test func anUnusableDatabasePathIsAClearErrorAndExitStatus1() async throws {
        let path = "/nonexistent-directory-\(UUID().uuidString)/webapp.sqlite"
        let running = try Running(["--port", "0", "--public", Self.publicDirectory, "--database", path], database: path)
        #expect(try await onOwnThread { running.waitForExit() } == 1)
        #expect(running.output.contains("webapp: cannot open the database \(path)"))
    }
}

/// A browser over raw loopback requests: keeps cookies, fills in forms' CSRF tokens.
final class RawBrowser {
    let port: Int
    private var cookies: [String: String] = [:]

    init(port: Int) { self.port = port }

    func get(_ path: String) async throws -> RawHTTPResponse {
        try await send("GET \(path) HTTP/1.1\r\nHost: x\r\n\(cookieLine)Connection: close\r\n\r\n")
    }

    /// GETs the form at `path`, then POSTs `action` with its CSRF token and `fields`.
    func submit(_ path: String, action: String, _ fields: [String: String]) async throws -> RawHTTPResponse {
        let form = try await get(path)
        let token = try #require(form.text.firstMatch(of: /name="_csrf" value="([^"]+)"/)?.1, "a CSRF token on \(path)")
        let body = ([("_action", action), ("_csrf", String(token))] + fields.sorted { $0.key < $1.key })
            .map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send("POST \(path) HTTP/1.1\r\nHost: x\r\n\(cookieLine)Content-Type: application/x-www-form-urlencoded\r\n"
                              + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
    }

    private var cookieLine: String {
        cookies.isEmpty ? "" : "Cookie: " + cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") + "\r\n"
    }

    private func send(_ raw: String) async throws -> RawHTTPResponse {
        let response = try await LoopbackConnection.exchange(port: port, raw)
        for header in response.headers.values(for: "Set-Cookie") {
            let pair = header.prefix { $0 != ";" }
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals]), value = String(pair[pair.index(after: equals)...])
            if value.isEmpty || header.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        return response
    }

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}
