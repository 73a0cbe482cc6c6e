import Foundation
import Hummingbird
import Mustache
import NIOPosix

// Placeholder while the page's template and data are written.
let arguments = CommandLine.arguments
let port = Int(arguments[1]) ?? 8080
let library = try await MustacheLibrary(directory: arguments[2])
let router = Router()
router.get("**") { _, _ -> Response in
    let html = library.render(["a": 1], withTemplate: "page") ?? ""
    return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
}
let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
    eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup(numberOfThreads: 1)))
try await app.runService()
