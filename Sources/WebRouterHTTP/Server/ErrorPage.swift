/// The short HTML pages the server answers by itself (404, 405, 400, 413, …).
///
/// ```swift
/// let response = ErrorPage.response(.notFound)
/// ```
package enum ErrorPage {
    package static func response(_ status: HTTPStatus, detail: String? = nil) -> HTTPResponse {
        var html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
        html += "\(status.code) \(status.reason)</title></head>\n<body><h1>\(status.code) \(status.reason)</h1>"
        if let detail { html += "<p>\(detail)</p>" }
        html += "</body></html>\n"
        return .html(html, status: status)
    }
}
