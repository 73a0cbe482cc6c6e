import Foundation
import Hummingbird

// The Hummingbird 2 comparison server of `make bench`: answers every GET with the bytes of
// one file (a page webapp rendered), as text/html.
//
//     HummingbirdServer PORT FILE
let arguments = CommandLine.arguments
guard arguments.count == 3, let port = Int(arguments[1]),
    let data = FileManager.default.contents(atPath: arguments[2])
else {
    FileHandle.standardError.write(Data("usage: HummingbirdServer PORT FILE\n".utf8))
    exit(2)
}
let page = ByteBuffer(bytes: data)
let router = Router()
router.get("**") { _, _ -> Response in
    Response(
        status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
        body: ResponseBody(byteBuffer: page))
}
let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil))
try await app.runService()
