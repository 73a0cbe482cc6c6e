import WebRouterHTML
import WebRouterHTTP

extension HTTPResponse {
    /// An HTML page sent from the buffer it was rendered into, without copying it: the buffer's
    /// storage is sealed, so an append to a copy of `output` made before continues in memory of
    /// its own and the bytes being sent are never moved, freed or changed.
    /// ```swift
    /// var output = HTMLOutput(capacity: 8192)
    /// PageRenderer.render(page, into: &output)
    /// return .html(rendered: output, status: .ok)   // `output` is not used again
    /// ```
    static func html(rendered output: consuming HTMLOutput, status: HTTPStatus) -> HTTPResponse {
        var response = html([], status: status)
        let storage = output.storage
        storage.seal()
        response.payload = ResponseBody(keeping: storage, base: UnsafeRawPointer(storage.base), count: output.count)
        return response
    }
}
