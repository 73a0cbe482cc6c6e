#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serves files from a public directory under a URL prefix, before any handler runs.
///
/// Content type by extension, strong `ETag`, `Last-Modified`, `304` on revalidation and a
/// configured `Cache-Control`. Nothing outside the directory is reachable: `..`, encoded
/// slashes, dot files and symlinks whose real path leaves the directory all answer `404`.
/// File bytes are cached in memory, keyed by real path and checked against size and mtime.
/// ```swift
/// let files = StaticFiles(directory: "Public", prefix: "/static/", cacheControl: "public, max-age=3600")
/// let response = files?.response(method: .get, path: "/static/app.css", headers: request.headers)
/// ```
final class StaticFiles: Sendable {
    /// A file held in memory with its validators.
    final class CachedFile: Sendable {
        let bytes: [UInt8]
        let size: Int
        let mtimeSeconds: Int
        let mtimeNanoseconds: Int
        let etag: String
        let lastModified: String
        let contentType: String

        init(bytes: [UInt8], mtimeSeconds: Int, mtimeNanoseconds: Int, contentType: String) {
            self.bytes = bytes
            self.size = bytes.count
            self.mtimeSeconds = mtimeSeconds
            self.mtimeNanoseconds = mtimeNanoseconds
            // FNV-1a over the content: a strong validator that changes with the bytes.
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            self.etag = "\"\(String(bytes.count, radix: 16))-\(String(hash, radix: 16))\""
            self.lastModified = HTTPDate.format(mtimeSeconds)
            self.contentType = contentType
        }
    }

    let root: String  // the directory's real path, without a trailing slash
    let prefix: String
    let cacheControl: String
    private let cache = Locked<(files: [String: CachedFile], bytes: Int)>(([:], 0))
    static let maxCachedFileSize = 4 << 20
    static let maxCacheSize = 64 << 20

    /// `nil` when `directory` does not exist or is not a directory.
    init?(directory: String, prefix: String, cacheControl: String) {
        guard let real = Self.realPath(directory), Self.isDirectory(real) else { return nil }
        self.root = real == "/" ? "" : real
        self.prefix = prefix.hasSuffix("/") ? prefix : prefix + "/"
        self.cacheControl = cacheControl
    }

    /// Whether `path` (raw, as sent) is under the static prefix.
    func handles(path: String) -> Bool {
        path.hasPrefix(prefix)
    }

    /// The response for a request under the prefix.
    func response(method: HTTPMethod, path: String, headers: HTTPHeaders) -> HTTPResponse {
        guard method == .get || method == .head else {
            var response = ErrorPage.response(.methodNotAllowed)
            response.headers.set(name: "Allow", value: "GET, HEAD")
            return response
        }
        guard let file = lookup(relative: path.dropFirst(prefix.count)) else {
            return ErrorPage.response(.notFound)
        }
        var response = HTTPResponse(status: .ok)
        response.headers.add(name: "ETag", value: file.etag)
        response.headers.add(name: "Last-Modified", value: file.lastModified)
        response.headers.add(name: "Cache-Control", value: cacheControl)
        if isNotModified(file, headers: headers) {
            response.status = .notModified
            return response
        }
        response.headers.add(name: "Content-Type", value: file.contentType)
        response.body = file.bytes
        return response
    }

    private func isNotModified(_ file: CachedFile, headers: HTTPHeaders) -> Bool {
        if let ifNoneMatch = headers["If-None-Match"] {
            // Weak comparison, as RFC 9110 prescribes for If-None-Match.
            let bare = file.etag
            for candidate in ifNoneMatch.split(separator: ",") {
                var tag = candidate.drop { $0 == " " || $0 == "\t" }
                while let last = tag.last, last == " " || last == "\t" { tag = tag.dropLast() }
                if tag == "*" || tag == bare || (tag.hasPrefix("W/") && tag.dropFirst(2) == bare) { return true }
            }
            return false
        }
        if let since = headers["If-Modified-Since"], let date = HTTPDate.parse(since) {
            return file.mtimeSeconds <= date
        }
        return false
    }

    /// Resolves a raw relative path to a regular file inside the root, or `nil`.
    private func lookup(relative: Substring) -> CachedFile? {
        var resolved = root
        for piece in relative.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard let segment = PercentDecoding.decode(utf8: piece, plusAsSpace: false, lenient: false),
                !segment.isEmpty, !segment.hasPrefix("."), !segment.utf8.contains(UInt8(ascii: "/")),
                !segment.utf8.contains(0)
            else { return nil }
            resolved += "/"
            resolved += segment
        }
        guard let real = Self.realPath(resolved), real.hasPrefix(root + "/") else { return nil }
        var info = stat()
        guard stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        let seconds = Int(info.st_mtim.tv_sec)
        let nanoseconds = Int(info.st_mtim.tv_nsec)
        if let cached = cache.withLock({ $0.files[real] }), cached.size == size, cached.mtimeSeconds == seconds,
            cached.mtimeNanoseconds == nanoseconds
        {
            return cached
        }
        guard let bytes = Self.read(real) else { return nil }
        let file = CachedFile(
            bytes: bytes, mtimeSeconds: seconds, mtimeNanoseconds: nanoseconds,
            contentType: MIMETypes.contentType(forPath: real))
        if bytes.count <= Self.maxCachedFileSize {
            cache.withLock { cache in
                let previous = cache.files[real]?.size ?? 0
                guard cache.bytes - previous + bytes.count <= Self.maxCacheSize else { return }
                cache.files[real] = file
                cache.bytes += bytes.count - previous
            }
        }
        return file
    }

    static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
