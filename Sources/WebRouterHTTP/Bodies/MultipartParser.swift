/// Parses a `multipart/form-data` body (RFC 7578) held in memory into ``FormData``.
///
/// ```swift
/// let form = try MultipartParser(boundary: "xyz").parse(body)
/// ```
struct MultipartParser {
    let delimiter: [UInt8]  // "--" + boundary

    init(boundary: String) {
        delimiter = Array("--".utf8) + Array(boundary.utf8)
    }

    func parse(_ body: [UInt8]) throws(FormDecodingError) -> FormData {
        var form = FormData()
        // The first delimiter may be preceded by a preamble.
        guard var position = Self.find(delimiter, in: body, from: 0) else {
            throw .malformedMultipart("no boundary delimiter")
        }
        position += delimiter.count
        let separator: [UInt8] = [0x0D, 0x0A] + delimiter
        while true {
            // After a delimiter: "--" ends the body, otherwise CRLF starts a part.
            if Self.hasPrefix([0x2D, 0x2D], in: body, at: position) { return form }
            // Transport padding (spaces or tabs) may follow a delimiter.
            while position < body.count, ASCII.isSpace(body[position]) { position += 1 }
            guard Self.hasPrefix([0x0D, 0x0A], in: body, at: position) else {
                throw .malformedMultipart("delimiter not followed by CRLF")
            }
            position += 2
            let headers: HTTPHeaders
            let contentStart: Int
            if Self.hasPrefix([0x0D, 0x0A], in: body, at: position) {
                headers = HTTPHeaders()
                contentStart = position + 2
            } else {
                guard let headerEnd = Self.find([0x0D, 0x0A, 0x0D, 0x0A], in: body, from: position) else {
                    throw .malformedMultipart("part headers not terminated")
                }
                headers = try Self.parseHeaders(body[position..<headerEnd])
                contentStart = headerEnd + 4
            }
            guard contentStart <= body.count,
                let contentEnd = Self.find(separator, in: body, from: contentStart)
            else {
                throw .malformedMultipart("missing closing boundary")
            }
            try add(part: headers, content: body[contentStart..<contentEnd], to: &form)
            position = contentEnd + separator.count
        }
    }

    private func add(part headers: HTTPHeaders, content: ArraySlice<UInt8>, to form: inout FormData)
        throws(FormDecodingError)
    {
        guard let disposition = headers["Content-Disposition"],
            HTTPHeaders.equalCaseInsensitive(HeaderParameters.mediaType(of: disposition), "form-data"),
            let name = HeaderParameters.parameter("name", in: disposition)
        else {
            throw .malformedMultipart("part without a form-data name")
        }
        if let filename = HeaderParameters.parameter("filename", in: disposition) {
            form.files.append(
                FormFile(
                    name: name, filename: filename,
                    contentType: headers["Content-Type"] ?? "application/octet-stream",
                    bytes: Array(content)))
        } else {
            form.fields.append((name: name, value: String(decoding: content, as: UTF8.self)))
        }
    }

    private static func parseHeaders(_ block: ArraySlice<UInt8>) throws(FormDecodingError) -> HTTPHeaders {
        var headers = HTTPHeaders()
        var lineStart = block.startIndex
        while lineStart < block.endIndex {
            let lineEnd = find([0x0D, 0x0A], in: block, from: lineStart) ?? block.endIndex
            let line = block[lineStart..<lineEnd]
            guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex else {
                throw .malformedMultipart("malformed part header")
            }
            let name = String(decoding: line[..<colon], as: UTF8.self)
            let value = HeaderParameters.trim(Substring(String(decoding: line[(colon + 1)...], as: UTF8.self)))
            headers.add(name: name, value: value)
            lineStart = lineEnd + 2
        }
        return headers
    }

    static func hasPrefix<C: Collection<UInt8>>(_ prefix: [UInt8], in bytes: C, at position: C.Index) -> Bool
    where C.Index == Int {
        position >= bytes.startIndex && position + prefix.count <= bytes.endIndex
            && bytes[position..<position + prefix.count].elementsEqual(prefix)
    }

    /// The index of the first occurrence of `needle` at or after `start`.
    static func find<C: Collection<UInt8>>(_ needle: [UInt8], in bytes: C, from start: Int) -> Int?
    where C.Index == Int {
        guard let first = needle.first, needle.count <= bytes.endIndex - start else { return nil }
        var index = start
        let last = bytes.endIndex - needle.count
        while index <= last {
            if bytes[index] == first && hasPrefix(needle, in: bytes, at: index) { return index }
            index += 1
        }
        return nil
    }
}
