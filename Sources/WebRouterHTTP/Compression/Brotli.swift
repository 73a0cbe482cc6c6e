import CBrotli

/// Compresses bytes into brotli (RFC 7932) with the system library's one-shot encoder.
/// The server uses it for bytes compressed once and kept (static files); pages are gzipped
/// (see ``ResponseCompression/perResponseCodings``).
///
/// ```swift
/// let once = Brotli.compress(bytes, quality: Brotli.bestQuality)     // static bytes, kept
/// ```
enum Brotli {
    /// A quality for bytes compressed as they are sent.
    static let quality: Int32 = 5
    /// The quality for bytes compressed once and kept (static files).
    static let bestQuality: Int32 = 11

    /// `bytes` in brotli, or `nil` when the encoder fails.
    static func compress(_ bytes: [UInt8], quality: Int32 = Brotli.quality) -> [UInt8]? {
        bytes.withUnsafeBytes { compress($0, quality: quality) }
    }

    /// The bytes at `buffer` in brotli, or `nil` when the encoder fails.
    static func compress(_ buffer: UnsafeRawBufferPointer, quality: Int32 = Brotli.quality) -> [UInt8]? {
        let capacity = BrotliEncoderMaxCompressedSize(buffer.count)
        guard capacity > 0 else { return nil }
        let input = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
        var failed = false
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { output, count in
            var size = capacity
            let done = BrotliEncoderCompress(
                quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, buffer.count, input, &size, output.baseAddress)
            failed = done == 0
            count = failed ? 0 : size
        }
        return failed ? nil : output
    }

    /// Decodes brotli of at most `limit` bytes of output (for tests); `nil` when it is not valid.
    static func decompress(_ bytes: [UInt8], limit: Int = 16 << 20) -> [UInt8]? {
        var failed = false
        let output = [UInt8](unsafeUninitializedCapacity: limit) { output, count in
            var size = limit
            let result = bytes.withUnsafeBufferPointer {
                BrotliDecoderDecompress($0.count, $0.baseAddress, &size, output.baseAddress)
            }
            failed = result != BROTLI_DECODER_RESULT_SUCCESS
            count = failed ? 0 : size
        }
        return failed ? nil : output
    }
}
