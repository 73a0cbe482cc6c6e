import CLibDeflate

/// Compresses bytes into the gzip format (RFC 1952) with libdeflate's one-shot compressor.
/// Compressors are kept and reused between calls (one per level and caller at a time), so a
/// page pays neither their set-up nor an allocation beyond its output.
///
/// Pages use level 1: on the demo's pages it costs about half of zlib's default level 6 for
/// 1–5 % more bytes (BENCHMARKS.md, "Issue 35"); static files are compressed once, at
/// libdeflate's best level, 12.
///
/// ```swift
/// let gzipped = Gzip.compress(Array("<!DOCTYPE html>…".utf8))        // a page: fast, per response
/// let once = Gzip.compress(stylesheet, level: Gzip.bestLevel)         // static bytes, compressed once
/// ```
enum Gzip {
    /// The level for responses compressed as they are sent (pages).
    static let level: Int32 = 1
    /// The level for bytes compressed once and kept (static files).
    static let bestLevel: Int32 = 12
    /// Idle compressors of ``level``, ready for the next call; at most ``poolLimit`` are kept.
    private static let pool = Locked<[Compressor]>([])
    private static let poolLimit = 16

    /// One libdeflate compressor, used by one call at a time.
    private final class Compressor: @unchecked Sendable {
        let pointer: OpaquePointer
        init?(level: Int32) {
            guard let pointer = libdeflate_alloc_compressor(level) else { return nil }
            self.pointer = pointer
        }
        deinit { libdeflate_free_compressor(pointer) }
    }

    /// `bytes` gzipped, or `nil` when libdeflate fails (out of memory).
    static func compress(_ bytes: [UInt8], level: Int32 = Gzip.level) -> [UInt8]? {
        bytes.withUnsafeBytes { compress($0, level: level) }
    }

    /// The bytes at `buffer` gzipped, or `nil` when libdeflate fails. Compressors of
    /// ``level`` are pooled; another level gets one of its own.
    static func compress(_ buffer: UnsafeRawBufferPointer, level: Int32 = Gzip.level) -> [UInt8]? {
        withCompressor(level: level) { compressor in
            let capacity = libdeflate_gzip_compress_bound(compressor, buffer.count)
            var failed = false
            let output = [UInt8](unsafeUninitializedCapacity: capacity) { output, count in
                count = libdeflate_gzip_compress(compressor, buffer.baseAddress, buffer.count, output.baseAddress, capacity)
                failed = count == 0
            }
            return failed ? nil : output
        }
    }

    /// The bytes at `buffer` gzipped at ``level`` into a response body of their own, or `nil`
    /// when libdeflate fails: written once, where libmicrohttpd sends from (an array first
    /// was then copied into the body, with an allocation more).
    static func compressedBody(_ buffer: UnsafeRawBufferPointer) -> ResponseBody? {
        withCompressor(level: Gzip.level) { compressor in
            let capacity = libdeflate_gzip_compress_bound(compressor, buffer.count)
            let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 1)
            let count = libdeflate_gzip_compress(compressor, buffer.baseAddress, buffer.count, memory.baseAddress, capacity)
            guard count > 0 else {
                memory.deallocate()
                return nil
            }
            return ResponseBody(adopting: memory, count: count)
        }
    }

    /// Runs `body` with a compressor of `level`: a pooled one for ``level``, else one of its own.
    private static func withCompressor<Result>(level: Int32, _ body: (OpaquePointer) -> Result?) -> Result? {
        let pooled = level == Gzip.level
        guard let compressor = (pooled ? pool.withLock({ $0.popLast() }) : nil) ?? Compressor(level: level) else {
            return nil
        }
        defer {
            if pooled {
                pool.withLock { idle in
                    if idle.count < poolLimit { idle.append(compressor) }
                }
            }
        }
        return body(compressor.pointer)
    }
}
