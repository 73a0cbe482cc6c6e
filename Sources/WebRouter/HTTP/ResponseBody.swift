/// A response body in one object that libmicrohttpd keeps alive while it sends straight from
/// its bytes: an array a handler gave, or a page as the renderer wrote it, in the render
/// buffer itself (a page used to be copied into a new array first: an allocation and a copy
/// of every byte).
///
/// ```swift
/// var output = HTMLOutput(capacity: 8192)
/// PageRenderer.render(page, into: &output)
/// let body = ResponseBody(rendered: output)   // no copy; `output` is not used again
/// ```
final class ResponseBody: @unchecked Sendable {
    private enum Bytes {
        case array([UInt8])
        case rendered(HTMLOutputStorage)
    }

    private let bytes: Bytes
    /// The number of bytes.
    let count: Int

    init(_ array: [UInt8]) {
        bytes = .array(array)
        count = array.count
    }

    /// Takes over a finished render buffer. Nothing may append to `output` (or a copy of it)
    /// afterwards: growing the buffer would free the memory being sent. That is what makes
    /// sharing it across threads safe (`@unchecked Sendable`): it is never written again.
    init(rendered output: consuming HTMLOutput) {
        bytes = .rendered(output.storage)
        count = output.count
    }

    /// The bytes as an array (a copy for a rendered page: for tests and in-process clients).
    var array: [UInt8] {
        switch bytes {
        case .array(let array): array
        case .rendered(let storage): Array(UnsafeBufferPointer(start: storage.base, count: count))
        }
    }

    /// Reads the bytes in place (no copy of a rendered page).
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        switch bytes {
        case .array(let array): array.withUnsafeBytes(body)
        case .rendered(let storage): body(UnsafeRawBufferPointer(start: storage.base, count: count))
        }
    }

    /// Where the bytes start, valid while this object lives (the array's storage does not move
    /// while the array is held unchanged).
    var baseAddress: UnsafeRawPointer? {
        switch bytes {
        case .array(let array): array.withUnsafeBytes { $0.baseAddress }
        case .rendered(let storage): UnsafeRawPointer(storage.base)
        }
    }
}
