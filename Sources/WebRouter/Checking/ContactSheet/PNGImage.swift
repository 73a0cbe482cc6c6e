import CLibDeflate

/// An image as 8-bit RGBA pixels, read from and written to PNG over libdeflate: enough for
/// the contact sheet to compare a screenshot with its baseline and write the diff image
/// (non-interlaced PNGs of 8-bit grey, grey and alpha, RGB or RGBA, as Chromium writes them).
struct PNGImage: Equatable {
    /// Why a file could not be read as a PNG.
    struct DecodingError: Error, CustomStringConvertible {
        var description: String
    }

    let width: Int
    let height: Int
    /// Four bytes a pixel (red, green, blue, alpha), row after row.
    var pixels: [UInt8]

    init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBA pixels of \(width)×\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    // MARK: - Reading

    init(decoding bytes: [UInt8]) throws(DecodingError) {
        guard bytes.count > 8, Array(bytes[0..<8]) == Self.signature else { throw DecodingError(description: "not a PNG file") }
        var offset = 8
        var header: (width: Int, height: Int, depth: UInt8, color: UInt8, interlace: UInt8)?
        var data: [UInt8] = []
        func word(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        while offset + 8 <= bytes.count {
            let length = word(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let start = offset + 8
            guard length >= 0, start + length + 4 <= bytes.count else { throw DecodingError(description: "a truncated \(type) chunk") }
            switch type {
            case "IHDR":
                guard length >= 13 else { throw DecodingError(description: "a short IHDR chunk") }
                header = (word(start), word(start + 4), bytes[start + 8], bytes[start + 9], bytes[start + 12])
            case "IDAT":
                data += bytes[start..<(start + length)]
            default:
                break
            }
            if type == "IEND" { break }
            offset = start + length + 4
        }
        guard let header else { throw DecodingError(description: "no IHDR chunk") }
        guard header.depth == 8, header.interlace == 0 else {
            throw DecodingError(description: "a \(header.depth)-bit\(header.interlace == 0 ? "" : " interlaced") PNG (only 8-bit, non-interlaced ones are read)")
        }
        let channels: Int
        switch header.color {
        case 0: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: throw DecodingError(description: "a PNG of colour type \(header.color) (palette images are not read)")
        }
        let (width, height) = (header.width, header.height)
        guard width > 0, height > 0, width < 1 << 15, height < 1 << 16 else { throw DecodingError(description: "a PNG of \(width)×\(height) pixels") }
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: height * (stride + 1))
        guard let decompressor = libdeflate_alloc_decompressor() else { throw DecodingError(description: "no memory to inflate") }
        defer { libdeflate_free_decompressor(decompressor) }
        var produced = 0
        let result = data.withUnsafeBytes { input in
            raw.withUnsafeMutableBytes { output in
                libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, output.baseAddress, output.count, &produced)
            }
        }
        guard result == LIBDEFLATE_SUCCESS, produced == raw.count else { throw DecodingError(description: "its image data does not inflate to \(width)×\(height) pixels") }

        // Undo each row's filter (PNG §9), in place.
        var rows = [UInt8](repeating: 0, count: height * stride)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            let source = y * (stride + 1) + 1, row = y * stride
            for x in 0..<stride {
                let value = raw[source + x]
                let left = x >= channels ? Int(rows[row + x - channels]) : 0
                let up = y > 0 ? Int(rows[row - stride + x]) : 0
                let upLeft = y > 0 && x >= channels ? Int(rows[row - stride + x - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4:
                    let estimate = left + up - upLeft
                    let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                    predicted = a <= b && a <= c ? left : b <= c ? up : upLeft
                default: throw DecodingError(description: "an unknown row filter \(filter)")
                }
                rows[row + x] = value &+ UInt8(truncatingIfNeeded: predicted)
            }
        }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for index in 0..<(width * height) {
            let from = index * channels, to = index * 4
            switch channels {
            case 1, 2:
                pixels[to] = rows[from]; pixels[to + 1] = rows[from]; pixels[to + 2] = rows[from]
                if channels == 2 { pixels[to + 3] = rows[from + 1] }
            default:
                pixels[to] = rows[from]; pixels[to + 1] = rows[from + 1]; pixels[to + 2] = rows[from + 2]
                if channels == 4 { pixels[to + 3] = rows[from + 3] }
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    // MARK: - Writing

    /// The image as an RGBA PNG (each row filtered with `Sub`, then deflated).
    func encoded() -> [UInt8] {
        let stride = width * 4
        var raw = [UInt8](repeating: 0, count: height * (stride + 1))
        for y in 0..<height {
            let row = y * (stride + 1)
            raw[row] = 1   // Sub: each byte less the one a pixel to its left
            for x in 0..<stride {
                let value = pixels[y * stride + x]
                raw[row + 1 + x] = x >= 4 ? value &- pixels[y * stride + x - 4] : value
            }
        }
        var compressed: [UInt8] = []
        if let compressor = libdeflate_alloc_compressor(6) {
            defer { libdeflate_free_compressor(compressor) }
            compressed = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, raw.count))
            let size = raw.withUnsafeBytes { input in
                compressed.withUnsafeMutableBytes { output in
                    libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
                }
            }
            compressed.removeSubrange(size...)
        }
        var png = Self.signature
        func chunk(_ type: String, _ body: [UInt8]) {
            let typed = Array(type.utf8) + body
            png += Self.bigEndian(body.count) + typed
            let crc = typed.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
            png += Self.bigEndian(Int(crc))
        }
        chunk("IHDR", Self.bigEndian(width) + Self.bigEndian(height) + [8, 6, 0, 0, 0])
        chunk("IDAT", compressed)
        chunk("IEND", [])
        return png
    }

    static func bigEndian(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
}
