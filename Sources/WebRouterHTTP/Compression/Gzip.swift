import CZlib

/// Compresses bytes into the gzip format (RFC 1952) with zlib's deflate (`deflateInit2`,
/// windowBits 31). Deflate streams are kept and reset between calls, so a page does not pay
/// zlib's set-up (about 256 KB of tables) each time.
///
/// ```swift
/// let gzipped = Gzip.compress(Array("<!DOCTYPE html>…".utf8))        // a page: fast, per response
/// let once = Gzip.compress(stylesheet, level: Gzip.bestLevel)         // static bytes, compressed once
/// ```
enum Gzip {
    /// The level for responses compressed as they are sent (pages): see the README's
    /// "Serving" for what it costs and saves against zlib's default 6.
    static let level: Int32 = 6
    /// The level for bytes compressed once and kept (static files).
    static let bestLevel: Int32 = 9
    /// Idle streams, ready for the next call; at most ``poolLimit`` are kept.
    private static let pool = Locked<[Stream]>([])
    private static let poolLimit = 16

    /// One zlib deflate stream, used by one call at a time.
    private final class Stream: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<z_stream>
        init?(level: Int32) {
            guard let pointer = webrouter_gzip_new(level) else { return nil }
            self.pointer = pointer
        }
        deinit { webrouter_gzip_free(pointer) }
    }

    /// `bytes` gzipped, or `nil` when zlib fails (out of memory).
    static func compress(_ bytes: [UInt8], level: Int32 = Gzip.level) -> [UInt8]? {
        bytes.withUnsafeBytes { compress($0, level: level) }
    }

    /// The bytes at `buffer` gzipped, or `nil` when zlib fails. Streams of ``level`` are
    /// pooled; another level gets a stream of its own.
    static func compress(_ buffer: UnsafeRawBufferPointer, level: Int32 = Gzip.level) -> [UInt8]? {
        let pooled = level == Gzip.level
        guard let stream = (pooled ? pool.withLock({ $0.popLast() }) : nil) ?? Stream(level: level) else { return nil }
        defer {
            if pooled {
                pool.withLock { idle in
                    if idle.count < poolLimit { idle.append(stream) }
                }
            }
        }
        let capacity = webrouter_gzip_bound(stream.pointer, buffer.count)
        let input = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
        var failed = false
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { output, count in
            count = webrouter_gzip_compress(stream.pointer, input, buffer.count, output.baseAddress, capacity)
            failed = count == 0
        }
        return failed ? nil : output
    }
}
