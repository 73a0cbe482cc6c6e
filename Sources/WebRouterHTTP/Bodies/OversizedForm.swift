/// A `multipart/form-data` body larger than the server keeps, read as it streams: every part
/// that fits in the limit is kept, and the content of the part that passes it (the upload) is
/// dropped, its field's name remembered. So the app can answer the form again as it was typed,
/// with an error on the file field, instead of a bare `413`; memory stays within the limit
/// however much is read.
///
/// ```swift
/// var oversized = OversizedForm(contentType: contentType, limit: 1 << 20)!
/// oversized.consume(firstPiece); oversized.consume(nextPiece)
/// let kept = oversized.finish()   // kept.body parses as FormData; kept.fields == ["avatar"]
/// ```
package struct OversizedForm: Sendable {
    /// What was kept of the submission.
    package struct Kept: Sendable, Equatable {
        /// The parts that fit, as a `multipart/form-data` body with the same boundary.
        package var body: [UInt8]
        /// The fields whose content passed the limit and was dropped, in order.
        package var fields: [OversizedField]
    }

    private enum State {
        /// Before the first delimiter (a preamble is dropped).
        case preamble
        /// Just after a delimiter: `--` ends the body, a line break starts a part.
        case afterDelimiter
        /// In a part's header block.
        case headers
        /// In a part's content.
        case content
        /// After the closing delimiter, or the body cannot be read as multipart.
        case done
    }

    /// Longest header block of one part that is kept; a longer one ends the reading.
    static let maxHeaderBlock = 8 * 1024
    /// The most dropped fields remembered.
    static let maxDroppedFields = 16

    private let boundary: [UInt8]
    /// `CRLF--boundary`: what ends a part's content.
    private let delimiter: [UInt8]
    private let limit: Int
    private var state = State.preamble
    /// Bytes not yet scanned (at most a delimiter's length while in content).
    private var pending: [UInt8] = [0x0D, 0x0A]  // so the first delimiter reads like the others
    private var kept: [UInt8] = []
    private var dropped: [OversizedField] = []
    private var partHeaders: [UInt8] = []
    private var partContent: [UInt8] = []
    private var partField: OversizedField?
    private var partOverflowed = false
    /// Whether the body was not multipart as declared (then nothing of it can be answered).
    private(set) var malformed = false

    /// A reader for a body of `contentType` (`multipart/form-data` with a boundary), keeping at
    /// most `limit` bytes; `nil` for any other body.
    package init?(contentType: String?, limit: Int) {
        guard let contentType,
            HTTPHeaders.equalCaseInsensitive(HeaderParameters.mediaType(of: contentType), "multipart/form-data"),
            let boundary = HeaderParameters.parameter("boundary", in: contentType), !boundary.isEmpty,
            boundary.utf8.count <= 70
        else { return nil }
        self.boundary = Array(boundary.utf8)
        delimiter = [0x0D, 0x0A, 0x2D, 0x2D] + Array(boundary.utf8)
        self.limit = limit
    }

    /// Reads the next piece of the body.
    package mutating func consume<C: Collection<UInt8>>(_ bytes: C) {
        guard state != .done else { return }
        pending.append(contentsOf: bytes)
        scan()
    }

    /// Everything read: what was kept, or `nil` when the body was not the multipart form it
    /// declared or nothing of it passed the limit.
    package mutating func finish() -> Kept? {
        if state == .content || state == .headers {
            // The body ended inside a part: a part that passed the limit still counts.
            if partOverflowed, let partField { remember(partField) }
        }
        guard !malformed, !dropped.isEmpty else { return nil }
        let closing = Array("--".utf8) + boundary + Array("--\r\n".utf8)
        return Kept(body: kept + closing, fields: dropped)
    }

    private mutating func scan() {
        var position = 0
        defer { pending.removeFirst(position) }
        while true {
            switch state {
            case .preamble:
                guard let found = MultipartParser.find(delimiter, in: pending, from: position) else {
                    // Keep what may be the start of the delimiter.
                    position = max(position, pending.count - delimiter.count + 1)
                    return
                }
                position = found + delimiter.count
                state = .afterDelimiter
            case .afterDelimiter:
                guard pending.count - position >= 2 else { return }
                if pending[position] == 0x2D && pending[position + 1] == 0x2D {
                    state = .done
                    position = pending.count
                    return
                }
                // Transport padding, then the line break.
                while position < pending.count, pending[position] == 0x20 || pending[position] == 0x09 { position += 1 }
                guard pending.count - position >= 2 else { return }
                guard pending[position] == 0x0D, pending[position + 1] == 0x0A else { return fail(&position) }
                position += 2
                state = .headers
                partHeaders = []
                partContent = []
                partField = nil
                partOverflowed = false
            case .headers:
                let end: Int
                if MultipartParser.hasPrefix([0x0D, 0x0A], in: pending, at: position) {
                    end = position
                } else if let found = MultipartParser.find([0x0D, 0x0A, 0x0D, 0x0A], in: pending, from: position) {
                    end = found + 2
                } else {
                    if pending.count - position > Self.maxHeaderBlock { return fail(&position) }
                    return
                }
                guard end - position <= Self.maxHeaderBlock else { return fail(&position) }
                partHeaders = Array(pending[position..<end])
                partField = Self.field(in: partHeaders)
                guard partField != nil else { return fail(&position) }
                position = end + 2
                state = .content
            case .content:
                if let found = MultipartParser.find(delimiter, in: pending, from: position) {
                    take(pending[position..<found])
                    endPart()
                    position = found + delimiter.count
                    state = .afterDelimiter
                } else {
                    // All but what may be the start of the delimiter is content.
                    let safe = max(position, pending.count - delimiter.count + 1)
                    take(pending[position..<safe])
                    position = safe
                    return
                }
            case .done:
                position = pending.count
                return
            }
        }
    }

    /// A piece of the current part's content: kept while the part still fits in the limit.
    private mutating func take(_ bytes: ArraySlice<UInt8>) {
        guard !partOverflowed else { return }
        if kept.count + Self.framing(boundary.count, partHeaders.count) + partContent.count + bytes.count > limit {
            partOverflowed = true
            partContent = []
        } else {
            partContent.append(contentsOf: bytes)
        }
    }

    private mutating func endPart() {
        if partOverflowed {
            if let partField { remember(partField) }
        } else {
            kept += Array("--".utf8) + boundary + [0x0D, 0x0A] + partHeaders + [0x0D, 0x0A] + partContent + [0x0D, 0x0A]
        }
        partHeaders = []
        partContent = []
        partOverflowed = false
    }

    private mutating func remember(_ field: OversizedField) {
        if dropped.count < Self.maxDroppedFields && !dropped.contains(field) { dropped.append(field) }
    }

    private mutating func fail(_ position: inout Int) {
        malformed = true
        state = .done
        position = pending.count
    }

    /// The bytes a kept part takes around its headers and content.
    private static func framing(_ boundary: Int, _ headers: Int) -> Int { 2 + boundary + 2 + headers + 2 + 2 }

    /// The field a part's header block names, and whether it is a file.
    private static func field(in block: [UInt8]) -> OversizedField? {
        for line in block.split(separator: 0x0A) {
            let text = String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":"),
                HTTPHeaders.equalCaseInsensitive(String(text[..<colon]), "Content-Disposition")
            else { continue }
            let value = HeaderParameters.trim(text[text.index(after: colon)...])
            guard let name = HeaderParameters.parameter("name", in: value) else { return nil }
            return OversizedField(name: name, isFile: HeaderParameters.parameter("filename", in: value) != nil)
        }
        return nil
    }
}

/// A field of a form whose content passed the server's body limit and was dropped.
/// ```swift
/// OversizedField(name: "avatar", isFile: true)
/// ```
package struct OversizedField: Sendable, Hashable {
    /// The field's name in the form.
    package let name: String
    /// Whether the part was a file (it had a `filename`).
    package let isFile: Bool

    package init(name: String, isFile: Bool) {
        self.name = name
        self.isFile = isFile
    }
}

extension OversizedForm {
    /// A reader for a request whose body passed `limit`, when it is a form the app can answer
    /// with an error on the field at fault: a `POST` of `multipart/form-data`; `nil` otherwise.
    /// ```swift
    /// let reader = OversizedForm.reader(method: "POST", contentType: "multipart/form-data; boundary=x", limit: 1 << 20)
    /// ```
    package static func reader(method: String, contentType: String?, limit: Int) -> OversizedForm? {
        method == "POST" ? OversizedForm(contentType: contentType, limit: limit) : nil
    }
}

/// A form submission whose upload passed the server's body limit: the fields dropped, and the
/// limit, for the app's message. The rest of the form is the request's body.
/// ```swift
/// if let upload = request.oversizedUpload { errors[upload.fields[0].name] = "Choose a smaller file." }
/// ```
package struct OversizedUpload: Sendable {
    /// The fields whose content was dropped.
    package let fields: [OversizedField]
    /// The server's limit (``ServerConfiguration/maxBodySize``), in bytes.
    package let limit: Int

    package init(fields: [OversizedField], limit: Int) {
        self.fields = fields
        self.limit = limit
    }
}
