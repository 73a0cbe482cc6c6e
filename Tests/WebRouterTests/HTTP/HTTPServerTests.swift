import Foundation
import Logging
import Synchronization
import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP
import WebRouterTesting

/// Echoes what the server parsed, so tests can check the request value end to end.
let echoHandler: HTTPHandler = { request in
    switch request.pathSegments.first {
    case "form":
        do {
            let form = try request.form()
            var lines = form.fields.map { "\($0.name)=\($0.value)" }
            lines += form.files.map { "file \($0.name) \($0.filename) \($0.contentType) \($0.bytes.count)" }
            return .text(lines.joined(separator: "\n"))
        } catch {
            return .text("\(error)", status: .unprocessableContent)
        }
    case "cookies":
        var response = HTTPResponse.text(request.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            .joined(separator: ";"))
        response.setCookie(SetCookie(name: "a", value: "1"))
        response.setCookie(SetCookie(name: "b", value: "2", maxAge: 60, secure: true))
        return response
    case "missing":
        return .html("<h1>nothing here</h1>", status: .notFound)
    default:
        let segments = request.pathSegments.joined(separator: "|")
        let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        return .text("\(request.method) \(request.path) [\(segments)] {\(query)} \(request.remoteAddress ?? "-")")
    }
}

@Suite struct HTTPServerTests {
    @Test func getAnswersWithParsedRequestDateAndLength() async throws {
        let server = try startServer(handler: echoHandler)
        let response = try await get(port: server.port, "/feed/a%2Fb/12/?q=swift+web&t=%C3%A9")
        #expect(response.status == 200)
        #expect(response.text == "GET /feed/a%2Fb/12/ [feed|a/b|12] {q=swift web&t=é} 127.0.0.1")
        #expect(response.headers["Content-Length"] == String(response.body.count))
        #expect(response.headers["Date"]?.hasSuffix("GMT") == true)
        #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
        await server.stop()
    }

    @Test func aServerNameIsSentWithEveryResponseAndNoneByDefault() async throws {
        let named = try startServer({ $0.serverName = "WebRouter" }, handler: echoHandler)
        #expect(try await get(port: named.port, "/feed").headers["Server"] == "WebRouter")
        #expect(try await get(port: named.port, "/missing").headers["Server"] == "WebRouter")
        await named.stop()
        let plain = try startServer(handler: echoHandler)
        #expect(try await get(port: plain.port, "/feed").headers["Server"] == nil)
        await plain.stop()
    }

    @Test func headHasNoBodyButTheGetLength() async throws {
        let server = try startServer(handler: echoHandler)
        let full = try await get(port: server.port, "/missing")
        let head = try await onOwnThread {
            let connection = try LoopbackConnection(port: server.port)
            try connection.send(
                "HEAD /missing HTTP/1.1\r\nHost: x\r\n\r\nGET /next HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let head = try connection.readResponse(bodyless: true)
            // The next response follows at once: the HEAD answer carried no body bytes.
            let next = try connection.readResponse()
            return (head, next)
        }
        #expect(head.0.status == 404)
        #expect(head.0.headers["Content-Length"] == String(full.body.count))
        #expect(head.0.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(head.1.text.hasPrefix("GET /next"))
        await server.stop()
    }

    @Test func postURLEncodedForm() async throws {
        let server = try startServer(handler: echoHandler)
        let response = try await post(
            port: server.port, "/form", contentType: "application/x-www-form-urlencoded",
            body: Array("name=Ada+Lovelace&tag=a&tag=b%26c".utf8))
        #expect(response.status == 200)
        #expect(response.text == "name=Ada Lovelace\ntag=a\ntag=b&c")
        await server.stop()
    }

    @Test func postMultipartFormWithFile() async throws {
        let server = try startServer(handler: echoHandler)
        let body =
            "--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHello\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"upload\"; filename=\"a.txt\"\r\n"
            + "Content-Type: text/plain\r\n\r\nfile\r\ncontent\r\n--XyZ--\r\n"
        let response = try await post(
            port: server.port, "/form", contentType: "multipart/form-data; boundary=XyZ", body: Array(body.utf8))
        #expect(response.status == 200)
        #expect(response.text == "title=Hello\nfile upload a.txt text/plain 13")
        await server.stop()
    }

    @Test func cookiesBothWays() async throws {
        let server = try startServer(handler: echoHandler)
        let response = try await get(port: server.port, "/cookies", headers: [("Cookie", "z=last; session=abc123")])
        #expect(response.text == "session=abc123;z=last")
        #expect(
            response.headers.values(for: "Set-Cookie") == [
                "a=1; Path=/; HttpOnly; SameSite=Lax", "b=2; Path=/; Max-Age=60; HttpOnly; Secure; SameSite=Lax",
            ])
        await server.stop()
    }

    @Test func notFoundFromHandlerAndFromStaticFiles() async throws {
        let directory = try StaticFixture()
        let server = try startServer({ $0.publicDirectory = directory.public }, handler: echoHandler)
        let fromHandler = try await get(port: server.port, "/missing")
        #expect(fromHandler.status == 404)
        #expect(fromHandler.text == "<h1>nothing here</h1>")
        let fromStatic = try await get(port: server.port, "/static/nope.css")
        #expect(fromStatic.status == 404)
        // Raw on purpose: the server's own bytes on a raw socket, below any TestPage.
        #expect(fromStatic.text.contains("<title>404 Not Found</title>"))
        await server.stop()
    }

    @Test func bodyOverTheLimitIs413AndTheServerKeepsServing() async throws {
        let server = try startServer({ $0.maxBodySize = 1000 }, handler: echoHandler)
        // Declared too large: rejected from the headers, without reading the body.
        let declared = try await rawRequest(
            port: server.port,
            "POST /form HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5000000\r\n\r\n")
        #expect(declared.status == 413)
        // Chunked, only found out while streaming.
        let chunk = String(repeating: "x", count: 800)
        let chunked = try await rawRequest(
            port: server.port,
            "POST /form HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "320\r\n\(chunk)\r\n320\r\n\(chunk)\r\n0\r\n\r\n")
        #expect(chunked.status == 413)
        // Exactly at the limit is fine.
        let atLimit = try await post(
            port: server.port, "/form", contentType: "application/x-www-form-urlencoded",
            body: Array(("a=" + String(repeating: "y", count: 998)).utf8))
        #expect(atLimit.status == 200)
        await server.stop()
    }

    @Test func hundredConcurrentRequestsAreAllAnsweredCorrectly() async throws {
        // All from 127.0.0.1 at once: no limit per client address here (AttackTests tests it).
        let server = try startServer({ $0.connectionsPerClient = 0 }, handler: echoHandler)
        let results = try await getConcurrently(port: server.port, (0..<100).map { "/n/\($0)" })
        #expect(results.count == 100)
        for (index, response) in results {
            #expect(response.status == 200)
            #expect(response.text.hasPrefix("GET /n/\(index) [n|\(index)]"))
        }
        await server.stop()
    }

    /// Handlers that suspend for a moment and finish on another thread race the connection's
    /// thread deciding to suspend: every request must still be answered, once, with its own body.
    @Test func handlersFinishingWhileTheirConnectionSuspendsAreAllAnswered() async throws {
        let server = try startServer({ $0.connectionsPerClient = 0 }) { request in
            await Task.yield()
            await Task.detached { await Task.yield() }.value
            return .text("done \(request.path)")
        }
        let results = try await getConcurrently(port: server.port, (0..<200).map { "/yield/\($0)" })
        #expect(results.count == 200)
        for (index, response) in results {
            #expect(response.status == 200)
            #expect(response.text == "done /yield/\(index)")
        }
        await server.stop()
    }

    /// What a handler awaits resumes on its connection's thread (the request is its task's
    /// executor): with one server thread, child tasks that wait for each other, an actor and a
    /// continuation resumed from a dispatch queue (as a database library answers) still finish,
    /// and every request gets its own answer.
    @Test func handlersAwaitingChildTasksActorsAndOtherQueuesOnOneServerThreadAreAllAnswered() async throws {
        actor Tally {
            var count = 0
            func next() -> Int { count += 1; return count }
        }
        let tally = Tally()
        let queue = DispatchQueue(label: "test.database")
        let server = try startServer({ $0.connectionsPerClient = 0; $0.threadCount = 1 }) { request in
            let gate = Gate()
            async let waiting: Void = gate.wait()
            async let opening: Void = gate.open()
            _ = await (waiting, opening)
            let row = await withCheckedContinuation { continuation in
                queue.async { continuation.resume(returning: request.path.uppercased()) }
            }
            let number = await withTaskGroup(of: Int.self) { group in
                for _ in 0..<3 { group.addTask { await tally.next() } }
                return await group.reduce(0) { max($0, $1) }
            }
            return .text("\(row) \(number > 0)")
        }
        let results = try await getConcurrently(port: server.port, (0..<100).map { "/row/\($0)" })
        #expect(results.count == 100)
        for (index, response) in results {
            #expect(response.status == 200)
            #expect(response.text == "/ROW/\(index) true")
        }
        #expect(await tally.count == 300)
        await server.stop()
    }

    /// The default connection memory (16 KB) takes a header block of up to about 15 KB, and
    /// answers a longer one with 431; a server configured with more takes more.
    @Test func headerBlocksUpToTheConnectionMemoryAreServedAndLongerOnesGet431() async throws {
        let server = try startServer { _ in .text("ok") }
        let fits = try await get(port: server.port, "/", headers: [("X-Big", String(repeating: "a", count: 14_000))])
        #expect(fits.status == 200)
        #expect(fits.text == "ok")
        let tooLong = try await get(port: server.port, "/", headers: [("X-Big", String(repeating: "a", count: 20_000))])
        #expect(tooLong.status == 431)
        await server.stop()

        let roomy = try startServer({ $0.connectionMemoryLimit = 64 * 1024 }) { _ in .text("ok") }
        let fitsThere = try await get(port: roomy.port, "/", headers: [("X-Big", String(repeating: "a", count: 20_000))])
        #expect(fitsThere.status == 200)
        await roomy.stop()
    }

    @Test func aSlowHandlerDoesNotStallOtherRequests() async throws {
        let entered = Gate()
        let release = Gate()
        let server = try startServer { request in
            if request.path == "/slow" {
                entered.open()
                await release.wait()
                return .text("slow done")
            }
            return .text("fast \(request.path)")
        }
        let port = server.port
        let slow = Task { try await get(port: port, "/slow") }
        await entered.wait()
        for index in 0..<5 {
            let fast = try await get(port: port, "/fast/\(index)")
            #expect(fast.text == "fast /fast/\(index)")
        }
        release.open()
        let slowResponse = try await slow.value
        #expect(slowResponse.text == "slow done")
        await server.stop()
    }

    @Test func stopLetsAnInFlightRequestFinish() async throws {
        let entered = Gate()
        let release = Gate()
        let server = try startServer { _ in
            entered.open()
            await release.wait()
            return .text("finished")
        }
        let port = server.port
        let inFlight = Task { try await get(port: port, "/work") }
        await entered.wait()
        let stopping = Task { await server.stop() }
        while server.isRunning { await Task.yield() }
        release.open()
        let response = try await inFlight.value
        #expect(response.status == 200)
        #expect(response.text == "finished")
        await stopping.value
        #expect(!server.isRunning)
        await server.stop()  // idempotent
    }

    @Test func stopPastTheGracePeriodWithAHandlerStillAwaitingDoesNotCrash() async throws {
        let entered = Gate()
        let release = Gate()
        let server = try startServer({ $0.shutdownGracePeriod = .milliseconds(100) }) { _ in
            entered.open()
            await release.wait()
            return .text("too late")
        }
        let port = server.port
        let stuck = Task { try? await get(port: port, "/stuck") }
        await entered.wait()
        await server.stop()          // the handler is still suspended: its connection is closed
        #expect(!server.isRunning)
        release.open()               // the late response goes nowhere
        #expect(await stuck.value?.status == nil)
    }

    @Test func keepAliveClientsAreToldToCloseWhileTheServerDrains() async throws {
        let entered = Gate()
        let release = Gate()
        // The keep-alive connection's next header block is due within requestHeaderTimeout of
        // the first answer, and libmicrohttpd closes it after connectionTimeout idle; a loaded
        // machine may take longer than the defaults (10 s, 30 s) to get there (a full CI run
        // once took 49 s, and the second request found the connection closed).
        let server = try startServer({
            $0.requestHeaderTimeout = .seconds(120)
            $0.connectionTimeout = 120
        }) { request in
            if request.path == "/slow" {
                entered.open()
                await release.wait()
            }
            return .text("ok")
        }
        let port = server.port
        let slow = Task { try await get(port: port, "/slow") }
        let connection = try await onOwnThread { () -> LoopbackConnection in
            let connection = try LoopbackConnection(port: port)
            try connection.send("GET /first HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try connection.readResponse()
            return connection
        }
        await entered.wait()
        let stopping = Task { await server.stop() }
        while server.isRunning { await Task.yield() }
        // A request on the open keep-alive connection is answered, with Connection: close.
        let answer = try await onOwnThread {
            try connection.send("GET /second HTTP/1.1\r\nHost: x\r\n\r\n")
            return try connection.readResponse()
        }
        #expect(answer.status == 200 && answer.headers["Connection"]?.lowercased() == "close")
        release.open()
        #expect(try await slow.value.status == 200)
        await stopping.value
    }

    @Test func stopWithIdleKeepAliveConnectionsReturns() async throws {
        let server = try startServer(handler: echoHandler)
        let port = server.port
        let connections = try await onOwnThread {
            try (0..<4).map { index in
                let connection = try LoopbackConnection(port: port)
                try connection.send("GET /idle/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
                _ = try connection.readResponse()
                return connection
            }
        }
        await server.stop()
        for connection in connections {
            #expect(try await onOwnThread { try connection.readsEndOfStream() })
        }
    }

    @Test func aTakenPortIsReportedClearly() async throws {
        let first = try startServer(handler: echoHandler)
        var configuration = ServerConfiguration(port: first.port)
        configuration.threadCount = 1
        let second = HTTPServer(configuration: configuration, handler: echoHandler)
        #expect(throws: HTTPServerError.portInUse(host: "127.0.0.1", port: first.port)) {
            try second.start()
        }
        #expect(
            HTTPServerError.portInUse(host: "127.0.0.1", port: 8080).description
                == "port 8080 on 127.0.0.1 is already in use")
        await first.stop()
    }

    @Test func accessLogWritesOneLinePerRequest() async throws {
        let lines = LogCapture()
        var access = Logger(label: "webrouter.access") { _ in lines }
        access.logLevel = .info
        var configuration = ServerConfiguration(port: 0)
        configuration.threadCount = 1
        let server = HTTPServer(configuration: configuration, accessLogger: access, handler: echoHandler)
        try server.start()
        _ = try await get(port: server.port, "/logged?x=1")
        _ = try await get(port: server.port, "/missing")
        await server.stop()
        let messages = lines.messages
        #expect(messages.count == 2)
        #expect(messages.first?.hasPrefix("GET /logged 200 ") == true)
        #expect(messages.last?.hasPrefix("GET /missing 404 21B ") == true)
        #expect(messages.allSatisfy { $0.hasSuffix("ms") })
    }
}

/// A log handler that keeps messages in memory.
final class LogCapture: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    var messages: [String] { lock.withLock { stored } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lock.withLock { stored.append(event.message.description) }
    }
}
