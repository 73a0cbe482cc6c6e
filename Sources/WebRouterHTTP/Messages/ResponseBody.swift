/// A response body in one object that libmicrohttpd keeps alive while it sends straight from
/// its bytes: an array a handler gave, or memory another object owns and will never write
/// again, such as a page in the render buffer it was written to (a page used to be copied
/// into a new array first: an allocation and a copy of every byte).
///
/// ```swift
/// let body = ResponseBody(Array("<h1>Hi</h1>".utf8))             // a copy of its own
/// let page = ResponseBody(keeping: storage, base: storage.base, count: used)   // no copy
/// ```
package final class ResponseBody: @unchecked Sendable {
    private enum Bytes {
        /// Memory this object allocated, holding a copy of the bytes it was given.
        case owned(UnsafeMutableRawBufferPointer)
        /// Memory `owner` keeps valid and unchanged while it lives.
        case kept(owner: AnyObject, base: UnsafeRawPointer)
    }

    private let bytes: Bytes
    /// The number of bytes.
    package let count: Int

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

    /// Takes over `memory`, whose first `count` bytes are the body, and frees it when done:
    /// a compressor writes a page's gzip straight into what libmicrohttpd will send.
    package init(adopting memory: UnsafeMutableRawBufferPointer, count: Int) {
        precondition(count <= memory.count, "a body larger than its memory")
        bytes = .owned(memory)
        self.count = count
    }

    /// Sends `count` bytes at `base`, which `owner` keeps valid: the caller promises they are
    /// never moved, freed or changed while `owner` lives. That is what makes sharing them
    /// across threads safe (`@unchecked Sendable`). A page's render buffer is sealed first
    /// (`HTTPResponse.html(rendered:status:)` in WebRouter).
    package init(keeping owner: AnyObject, base: UnsafeRawPointer, count: Int) {
        bytes = .kept(owner: owner, base: base)
        self.count = count
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
        case .kept(_, let base): base
        }
    }
}
