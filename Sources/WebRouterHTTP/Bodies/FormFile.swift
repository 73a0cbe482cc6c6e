/// A file uploaded in a `multipart/form-data` body, held in memory.
///
/// ```swift
/// if let avatar = try request.form().files(named: "avatar").first {
///     print(avatar.filename, avatar.contentType, avatar.bytes.count)
/// }
/// ```
public struct FormFile: Sendable, Equatable {
    /// The form field name.
    public var name: String
    /// The file's name, reduced to a safe base name: no directory (`../../etc/passwd` is
    /// `passwd`), no control, bidirectional-control or NUL character, no leading dot, at most
    /// 255 bytes of UTF-8; may be empty. Safe to show, never a path to write to unchecked.
    public var filename: String
    /// The file name exactly as the client sent it, kept as data only (never a path).
    public var originalFilename: String
    /// The part's `Content-Type`, `application/octet-stream` when absent.
    public var contentType: String
    /// The file's content.
    public var bytes: [UInt8]

    /// A file as a form part carries it (for tests and in-process calls): `filename` is kept
    /// as ``originalFilename`` and reduced to a safe base name as ``filename``.
    public init(name: String, filename: String, contentType: String, bytes: [UInt8]) {
        self.name = name
        self.filename = Self.safeBaseName(filename)
        self.originalFilename = filename
        self.contentType = contentType
        self.bytes = bytes
    }

    /// `name`'s last path component (after `/` or `\\`) without control characters (NUL
    /// included), bidirectional controls, surrounding white space or leading dots, cut to 255
    /// bytes of UTF-8 keeping its extension.
    package static func safeBaseName(_ name: String) -> String {
        let base = name.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }.last.map(String.init) ?? ""
        var scalars = String.UnicodeScalarView()
        for scalar in base.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value) || (0x200E...0x200F).contains(value) || value == 0x061C
            {
                continue
            }
            scalars.append(scalar)
        }
        var safe = Substring(String(scalars))
        while let first = safe.first, first == "." || first.isWhitespace { safe.removeFirst() }
        while let last = safe.last, last.isWhitespace { safe.removeLast() }
        guard safe.utf8.count > 255 else { return String(safe) }
        // Too long for a file system: keep a short extension, cut the stem.
        let dot = safe.lastIndex(of: ".")
        let suffix = dot.map { safe[$0...] }.flatMap { $0.utf8.count <= 16 ? $0 : nil } ?? ""
        var stem = Substring(safe[..<(suffix.isEmpty ? safe.endIndex : suffix.startIndex)])
        while stem.utf8.count + suffix.utf8.count > 255 { stem.removeLast() }
        return String(stem + suffix)
    }
}
