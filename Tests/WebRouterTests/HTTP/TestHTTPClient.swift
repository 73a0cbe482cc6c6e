import Foundation
import WebRouter
@testable import WebRouterHTTP
import WebRouterTesting


/// Sends one raw request on a fresh connection and reads the response.
func rawRequest(port: Int, _ raw: String, bodyless: Bool = false) async throws -> RawHTTPResponse {
    try await rawRequest(port: port, Array(raw.utf8), bodyless: bodyless)
}

func rawRequest(port: Int, _ raw: [UInt8], bodyless: Bool = false) async throws -> RawHTTPResponse {
    try await LoopbackConnection.exchange(port: port, raw, bodyless: bodyless)
}

/// A GET (or other bodyless method) with `Connection: close`.
func get(
    port: Int, _ target: String, method: String = "GET", headers: [(String, String)] = []
) async throws -> RawHTTPResponse {
    var raw = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    for (name, value) in headers { raw += "\(name): \(value)\r\n" }
    raw += "\r\n"
    return try await rawRequest(port: port, raw, bodyless: method == "HEAD")
}

/// GETs every target at once, each on its own connection; the responses by the target's index.
func getConcurrently(port: Int, _ targets: [String]) async throws -> [Int: RawHTTPResponse] {
    try await withThrowingTaskGroup(of: (Int, RawHTTPResponse).self) { group in
        for (index, target) in targets.enumerated() {
            group.addTask { (index, try await get(port: port, target)) }
        }
        var results: [Int: RawHTTPResponse] = [:]
        for try await (index, response) in group { results[index] = response }
        return results
    }
}

/// A request with a body and `Content-Length`.
func post(port: Int, _ target: String, contentType: String, body: [UInt8]) async throws -> RawHTTPResponse {
    let head =
        "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: \(contentType)\r\n"
        + "Content-Length: \(body.count)\r\n\r\n"
    return try await rawRequest(port: port, Array(head.utf8) + body)
}

/// Starts a server on an OS-picked port with quiet logging.
func startServer(
    _ configure: (inout ServerConfiguration) -> Void = { _ in }, handler: @escaping HTTPHandler
) throws -> HTTPServer {
    var configuration = ServerConfiguration(port: 0)
    configuration.threadCount = 2
    configure(&configuration)
    var quiet = Logger(label: "test.http")
    quiet.logLevel = .error
    var access = Logger(label: "test.access")
    access.logLevel = .error
    let server = HTTPServer(configuration: configuration, logger: quiet, accessLogger: access, handler: handler)
    try server.start()
    return server
}

import Logging
