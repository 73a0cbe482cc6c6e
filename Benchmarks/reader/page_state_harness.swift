// The JSON page state's own work — parse, read, write — without the server, for callgrind:
// `reader_cost.sh` builds it from a tree's sources with swiftc -O (WebRouterHTML as one module,
// the page-state files and this driver as another) and counts instructions per page.
//
//     page_state_harness PAGE.html URL COUNT [OUT.json]
import WebRouterHTML
#if canImport(Glibc)
import Glibc
#endif

/// Stands in for the app's form machinery, which the page-state files name once.
enum ActionForm { static let actionField = "_action" }

@main
struct PageStateHarness {
    static func main() {
        let arguments = CommandLine.arguments
        let url = arguments[2], count = Int(arguments[3])!
        guard let file = fopen(arguments[1], "rb") else { fatalError("cannot open \(arguments[1])") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let read = fread(&buffer, 1, buffer.count, file)
            if read <= 0 { break }
            bytes += buffer[0..<read]
        }
        fclose(file)
        var written: [UInt8] = []
        for _ in 0..<count {
            written = PageStateJSONWriter.encode(PageState(document: HTMLNode.parse(utf8: bytes), status: 200, url: url))
        }
        if arguments.count > 4, let out = fopen(arguments[4], "wb") {
            fwrite(written, 1, written.count, out)
            fclose(out)
        }
    }
}
