import WebRouterHTML
/// Writes a form's entries as `multipart/form-data` (RFC 7578), as a browser does.
enum MultipartEncoder {
    static func encode(_ entries: [(name: String, value: FormEntryList.Value)]) -> (contentType: String, body: [UInt8]) {
        let boundary = "----WebRouterTestingBoundary" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        var body: [UInt8] = []
        func line(_ text: String) { body += Array(text.utf8) + [13, 10] }
        for (name, value) in entries {
            line("--" + boundary)
            switch value {
            case .text(let text):
                line("Content-Disposition: form-data; name=\"\(escape(name))\"")
                line("")
                body += Array(text.utf8)
            case .file(let file):
                line("Content-Disposition: form-data; name=\"\(escape(name))\"; filename=\"\(escape(file?.name ?? ""))\"")
                line("Content-Type: \(file?.contentType ?? "application/octet-stream")")
                line("")
                body += file?.contents ?? []
            }
            body += [13, 10]
        }
        line("--" + boundary + "--")
        return ("multipart/form-data; boundary=" + boundary, body)
    }

    /// Quotes and line breaks percent-encoded in names, as HTML's multipart encoding does.
    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
