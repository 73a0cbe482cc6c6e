import Foundation
import Testing
import WebRouter
import WebRouterHTTP
import WebRouterTesting

/// An upload past the server's body limit (1 MiB by default) is an error on the form's file
/// field, with the form as typed, in the chrome: the server reads such a form through,
/// keeping its fields and dropping the upload; past `maxOversizedFormSize`, and for any other
/// body, it is the `413` page.
@Suite("Uploads over the server's limit")
struct OversizedUploadTests {
    let inbox = BookingInbox()
    let app: Application

    init() throws { app = try TypedFormsApp.make(inbox: inbox) }

    // MARK: The reader

    static let boundary = "----webrouter-7MA4YWxkTrZu0gW"

    /// A browser's multipart body: `fields` in order, the file `upload` after `name`.
    static func multipart(_ fields: [(String, String)], file: (name: String, size: Int), after: String) -> [UInt8] {
        var body: [UInt8] = []
        func part(_ headers: String, _ content: [UInt8]) {
            body += Array("--\(boundary)\r\n\(headers)\r\n\r\n".utf8) + content + Array("\r\n".utf8)
        }
        for (name, value) in fields {
            part("Content-Disposition: form-data; name=\"\(name)\"", Array(value.utf8))
            if name == after {
                part("Content-Disposition: form-data; name=\"\(file.name)\"; filename=\"scan.pdf\"\r\nContent-Type: application/pdf",
                     [UInt8](repeating: 0x2D, count: file.size))   // dashes: the delimiter's own byte, to test the scanner
            }
        }
        return body + Array("--\(boundary)--\r\n".utf8)
    }

    static let contentType = "multipart/form-data; boundary=\(boundary)"

    @Test(arguments: [1, 3, 70, 4096, 65_536, Int.max])
    func theReaderKeepsTheFieldsAndDropsTheUploadInAnyPieces(_ piece: Int) throws {
        let body = Self.multipart([("_action", "book"), ("name", "Zoë"), ("version", "3")], file: ("passport", 20_000), after: "name")
        var reader = try #require(OversizedForm(contentType: Self.contentType, limit: 2_000))
        var start = 0
        while start < body.count {
            let end = start + min(piece, body.count - start)
            reader.consume(body[start..<end])
            start = end
        }
        let finished = reader.finish()
        let kept = try #require(finished)
        #expect(kept.fields == [OversizedField(name: "passport", isFile: true)])
        #expect(kept.body.count <= 2_000 + 100, "the kept form stays within the limit")
        let form = try FormData.decode(contentType: Self.contentType, body: kept.body)
        #expect(form.fields.map(\.name) == ["_action", "name", "version"])
        #expect(form["name"] == "Zoë" && form["version"] == "3")
        #expect(form.files.isEmpty)
    }

    @Test func aLongTextFieldIsDroppedTooAndOtherBodiesAreNotReadThrough() throws {
        var long = try #require(OversizedForm.reader(method: "POST", contentType: Self.contentType, limit: 500))
        long.consume(Self.multipart([("_action", "book"), ("notes", String(repeating: "a", count: 5000))], file: ("passport", 0), after: "_action"))
        let dropped = long.finish()?.fields
        #expect(dropped?.contains(OversizedField(name: "notes", isFile: false)) == true)
        #expect(OversizedForm.reader(method: "POST", contentType: "application/x-www-form-urlencoded", limit: 500) == nil)
        #expect(OversizedForm.reader(method: "PUT", contentType: Self.contentType, limit: 500) == nil)
        // Not the multipart body it declared: nothing to answer with.
        var garbage = try #require(OversizedForm(contentType: Self.contentType, limit: 500))
        garbage.consume([UInt8](repeating: 0x41, count: 10_000))
        let none = garbage.finish()
        #expect(none == nil)
        var headerless = try #require(OversizedForm(contentType: Self.contentType, limit: 500))
        headerless.consume(Array("--\(Self.boundary)\r\n".utf8) + [UInt8](repeating: 0x41, count: 20_000))
        let unended = headerless.finish()
        #expect(unended == nil, "a header block without end is not kept")
    }

    // MARK: The app, through the kit

    /// 5 MiB, five times the server's default limit and eighty times the form's.
    static let fiveMiB = 5 << 20

    @Test(arguments: [TestClient.Mode.inProcess, .live])
    func anUploadOverTheServersLimitIsA422OnTheFileFieldWithTheFormAsTyped(_ mode: TestClient.Mode) async throws {
        try await app.test(mode) { client in
            try await client.get("/")
            try await client.fill("Full <name>", with: "Zoë")
            try await client.fill("Nights", with: 4)
            try await client.attach(
                TestFile(name: "scan.pdf", contentType: "application/pdf", contents: [UInt8](repeating: 7, count: Self.fiveMiB)),
                to: "Passport scan")
            let page = try await client.press("Book")
            try page.expect(status: 422, screen: "Hotel")   // in the chrome, the form on it
            let fields = try #require(page.state.forms.first?.fields)
            #expect(fields.first { $0.name == "passport" }?.error == "Choose a smaller file: this form takes at most 64 KB in all.")
            #expect(fields.first { $0.name == "name" }?.value == "Zoë")   // what was typed is kept
            #expect(fields.first { $0.name == "nights" }?.value == "4")
            #expect(await inbox.received.isEmpty, "the action never ran")
        }
    }

    // MARK: On the socket

    /// The raw request of a 5 MiB upload to the Hotel form, with the client's cookies and token.
    static func rawUpload(_ client: TestClient, chunked: Bool, size: Int = fiveMiB) throws -> [UInt8] {
        let token = try #require(client.page?.state.forms.first?.fields.first { $0.name == "_csrf" }?.value)
        let body = multipart([("_action", "book"), ("_csrf", token), ("name", "Zoë"), ("nights", "2")], file: ("passport", size), after: "name")
        let cookie = client.cookies.values.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        var head = "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\nContent-Type: \(contentType)\r\n"
        guard chunked else { return Array((head + "Content-Length: \(body.count)\r\n\r\n").utf8) + body }
        head += "Transfer-Encoding: chunked\r\n\r\n"
        var raw = Array(head.utf8)
        for start in stride(from: 0, to: body.count, by: 100_000) {
            let piece = body[start..<min(start + 100_000, body.count)]
            raw += Array((String(piece.count, radix: 16) + "\r\n").utf8) + piece + Array("\r\n".utf8)
        }
        return raw + Array("0\r\n\r\n".utf8)
    }

    @Test(arguments: [false, true])
    func aFiveMiBUploadOnARawSocketIsA422AndTheConnectionServesOn(chunked: Bool) async throws {
        try await app.test(.live) { client in
            try await client.get("/")
            let port = try #require(client.port)
            let raw = try Self.rawUpload(client, chunked: chunked)
            let (answer, next) = try await onOwnThread {
                let connection = try LoopbackConnection(port: port)
                try connection.send(raw)
                let answer = try connection.readResponse()
                // Read through, the connection stays usable.
                try connection.send("GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                return (answer, try connection.readResponse())
            }
            #expect(answer.status == 422)
            #expect(answer.headers["Content-Type"]?.hasPrefix("text/html") == true)
            #expect(answer.text.contains("Choose a smaller file: this form takes at most 64 KB in all."))
            #expect(answer.text.contains(#"value="Zoë""#))
            #expect(next.status == 404)
            #expect(await inbox.received.isEmpty)
        }
    }

    @Test func pastTheReadThroughLimitOrNotAFormItIsThe413PageInTheChrome() async throws {
        try await app.test(.live) { client in
            try await client.get("/")
            let port = try #require(client.port)
            let cookie = client.cookies.values.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            for contentType in [Self.contentType, "application/x-www-form-urlencoded"] {
                let length = contentType == Self.contentType ? (64 << 20) : (2 << 20)
                // Declared: refused from the headers, without reading the body.
                let answer = try await LoopbackConnection.exchange(
                    port: port,
                    "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\nContent-Type: \(contentType)\r\n"
                        + "Content-Length: \(length)\r\n\r\n")
                #expect(answer.status == 413, "\(contentType)")
                #expect(answer.text.contains("<title>"), "the 413 is a page")
                #expect(answer.text.contains(#"href="/""#), "with a way back")
            }
        }
    }
}
