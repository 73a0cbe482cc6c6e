/// Keeps a response body alive for libmicrohttpd while it sends straight from its bytes.
final class ResponseBody {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }
}
