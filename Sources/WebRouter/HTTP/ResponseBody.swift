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
        /// Memory this object allocated, holding a copy of the bytes it was given.
        case owned(UnsafeMutableRawBufferPointer)
        case rendered(HTMLOutputStorage)
    }

    private let bytes: Bytes
    /// The number of bytes.
    let count: Int

    /// Copies `array` into memory of its own: libmicrohttpd sends from a pointer that must
    /// stay valid after any closure returns, which an array's storage does not promise (a
    /// pointer out of `withUnsafeBytes` is undefined behaviour). Bodies sent many times (a
    /// static file) are made once and shared.
    init(_ array: [UInt8]) {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: array.count, alignment: 1)
        array.withUnsafeBytes { memory.copyMemory(from: $0) }
        bytes = .owned(memory)
        count = array.count
    }

    /// Takes over a finished render buffer and seals its storage: an append to a copy of
    /// `output` made before (or to anything sharing its storage) continues in memory of its
    /// own, so the bytes being sent are never moved, freed or changed. That is what makes
    /// sharing them across threads safe (`@unchecked Sendable`): they are never written again.
    init(rendered output: consuming HTMLOutput) {
        output.storage.seal()
        bytes = .rendered(output.storage)
        count = output.count
    }

    deinit {
        if case .owned(let memory) = bytes { memory.deallocate() }
    }

    /// The bytes as an array (a copy: for tests and in-process clients).
    var array: [UInt8] {
        withUnsafeBytes { Array($0) }
    }

    /// Reads the bytes in place.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        body(UnsafeRawBufferPointer(start: baseAddress, count: count))
    }

    /// Where the bytes start: memory this object owns or keeps alive, valid while it lives.
    var baseAddress: UnsafeRawPointer? {
        switch bytes {
        case .owned(let memory): UnsafeRawPointer(memory.baseAddress)
        case .rendered(let storage): UnsafeRawPointer(storage.base)
        }
    }
}
