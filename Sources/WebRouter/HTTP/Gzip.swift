import CZlib

/// Compresses bytes into the gzip format (RFC 1952) with zlib's deflate (`deflateInit2`,
/// windowBits 31). Deflate streams are kept and reset between calls, so a page does not pay
/// zlib's set-up (about 256 KB of tables) each time.
///
/// ```swift
/// let gzipped = Gzip.compress(Array("<!DOCTYPE html>…".utf8))   // nil only if zlib fails
/// ```
enum Gzip {
    /// The compression level: 6 is zlib's default, a good trade of size for time on pages.
    static let level: Int32 = 6
    /// Idle streams, ready for the next call; at most ``poolLimit`` are kept.
    private static let pool = Locked<[Stream]>([])
    private static let poolLimit = 16

    /// One zlib deflate stream, used by one call at a time.
    private final class Stream: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<z_stream>
        init?() {
            guard let pointer = webrouter_gzip_new(Gzip.level) else { return nil }
            self.pointer = pointer
        }
        deinit { webrouter_gzip_free(pointer) }
    }

    /// `bytes` gzipped, or `nil` when zlib fails (out of memory).
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBytes { compress($0) }
    }

    /// The bytes at `buffer` gzipped, or `nil` when zlib fails.
    static func compress(_ buffer: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let stream = pool.withLock({ $0.popLast() }) ?? Stream() else { return nil }
        defer {
            pool.withLock { idle in
                if idle.count < poolLimit { idle.append(stream) }
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
