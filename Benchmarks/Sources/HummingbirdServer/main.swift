import Foundation
import Hummingbird
import NIOCore
import NIOPosix

// The Hummingbird 2 comparison server of `make bench`: answers every GET with the bytes of
// one file (a page webapp rendered), as text/html. THREADS (default: one per core) sizes its
// event loop group; the pinned mode of `make bench` passes 1.
//
//     HummingbirdServer PORT FILE [THREADS]
let arguments = CommandLine.arguments
guard (3...4).contains(arguments.count), let port = Int(arguments[1]),
    let data = FileManager.default.contents(atPath: arguments[2])
else {
    FileHandle.standardError.write(Data("usage: HummingbirdServer PORT FILE [THREADS]\n".utf8))
    exit(2)
}
let threads = arguments.count == 4 ? Int(arguments[3]) ?? System.coreCount : System.coreCount
let page = ByteBuffer(bytes: data)
let router = Router()
router.get("**") { _, _ -> Response in
    Response(
        status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
        body: ResponseBody(byteBuffer: page))
}
let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
    eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup(numberOfThreads: threads)))
try await app.runService()
