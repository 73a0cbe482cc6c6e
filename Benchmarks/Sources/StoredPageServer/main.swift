import Foundation
@_spi(BareServer) import WebRouter

// WebRouter's own HTTP server (libmicrohttpd, the Swift request path, an async handler run
// with `Task.immediate`) answering every request with the bytes of one file, as text/html:
// the comparison server "WebRouter (stored)" of `make bench`. Beside webapp, which renders
// the same bytes for each request, it splits webapp's cost into the server's and the page's.
// THREADS (default: one per core) is libmicrohttpd's thread count, as webapp's `--threads`.
// With STORED_AWAIT=dispatch in the environment, the handler first awaits a function that
// completes at once on another thread (a continuation resumed from a DispatchQueue, as a
// database library answers): beside the plain server, what one `await` that suspends costs a
// request (`make bench`, "WebRouter (stored, awaits)").
//
//     StoredPageServer PORT FILE [THREADS]
let arguments = CommandLine.arguments
guard (3...4).contains(arguments.count), let port = Int(arguments[1]),
    let data = FileManager.default.contents(atPath: arguments[2])
else {
    FileHandle.standardError.write(Data("usage: StoredPageServer PORT FILE [THREADS]\n".utf8))
    exit(2)
}
let page = HTTPResponse.html([UInt8](data))
var configuration = ServerConfiguration(host: "127.0.0.1", port: port)
configuration.logsRequests = false
configuration.connectionsPerClient = 0   // wrk's connections all come from 127.0.0.1
if arguments.count == 4, let threads = Int(arguments[3]) { configuration.threadCount = threads }
let awaits = ProcessInfo.processInfo.environment["STORED_AWAIT"] == "dispatch"
let queue = DispatchQueue(label: "stored.await")

let server = BareHTTPServer(configuration: configuration) { _ in
    if awaits {
        // Completes at once, on `queue`'s thread: the smallest await that suspends.
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            queue.async { continuation.resume() }
        }
    }
    return page
}
try await server.runUntilSignalled()
