/// The short HTML pages of a bare server (an ``HTTPServer`` made with a handler): an
/// application renders its own, in its chrome.
///
/// ```swift
/// let response = ErrorPage.response(.notFound)
/// ```
package enum ErrorPage {
    package static func response(_ status: HTTPStatus, detail: String? = nil) -> HTTPResponse {
        var html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
        html += "\(status.code) \(status.reason)</title></head>\n<body><h1>\(status.code) \(status.reason)</h1>"
        if let detail { html += "<p>\(escaped(detail))</p>" }
        html += "</body></html>\n"
        return .html(html, status: status)
    }

    /// `text` with `&`, `<` and `>` escaped.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }
}
