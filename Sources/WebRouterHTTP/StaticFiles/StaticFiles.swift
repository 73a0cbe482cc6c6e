#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serves files from a public directory under a URL prefix, before any handler runs.
///
/// Content type by extension, strong `ETag`, `Last-Modified`, `304` on revalidation, `412`
/// when `If-Match` or `If-Unmodified-Since` fails, `nosniff`, a gzip variant compressed once
/// per file (see `StaticAsset`) and a configured `Cache-Control`. Nothing outside the directory is reachable: `..`, encoded
/// slashes, dot files and symlinks whose real path leaves the directory all answer `404`.
/// File bytes are cached in memory, keyed by real path and checked against size and mtime.
/// ```swift
/// let files = StaticFiles(directory: "Public", prefix: "/static/", cacheControl: "public, max-age=3600")
/// let response = files?.response(method: .get, path: "/static/app.css", headers: request.headers)
/// ```
package final class StaticFiles: Sendable {
    /// A file held in memory with its validators and gzip variant, and the size and mtime
    /// it had when read (to notice a change).
    final class CachedFile: Sendable {
        let asset: StaticAsset
        let size: Int
        let mtimeSeconds: Int
        let mtimeNanoseconds: Int

        /// - Parameter cached: whether the file will be kept; only a kept file is compressed,
        ///   so a file too large to keep is never compressed again on every request.
        init(bytes: [UInt8], mtimeSeconds: Int, mtimeNanoseconds: Int, contentType: String, cached: Bool) {
            self.asset = StaticAsset(
                bytes: bytes, contentType: contentType, lastModified: mtimeSeconds, compresses: cached)
            self.size = bytes.count
            self.mtimeSeconds = mtimeSeconds
            self.mtimeNanoseconds = mtimeNanoseconds
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

    /// The response for a request under the prefix: `GET` and `HEAD` only (`OPTIONS` is
    /// `204`, another known method `405`, both with `Allow: GET, HEAD`; an unknown one `501`).
    func response(method: HTTPMethod, path: String, headers: HTTPHeaders) -> Result<HTTPResponse, HTTPError> {
        if let refusal = StaticAsset.methodRefusal(method) { return refusal }
        guard let file = lookup(relative: path.dropFirst(prefix.count)) else {
            return .failure(HTTPError(.notFound, "There is no file at this address."))
        }
        return .success(file.asset.response(method: method, headers: headers, cacheControl: cacheControl))
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
        // Kept when it is small enough and (about) fits: the variants are made only then.
        let keeps = bytes.count <= Self.maxCachedFileSize
            && cache.withLock { $0.bytes - ($0.files[real]?.asset.memorySize ?? 0) + bytes.count <= Self.maxCacheSize }
        let file = CachedFile(
            bytes: bytes, mtimeSeconds: seconds, mtimeNanoseconds: nanoseconds,
            contentType: MIMETypes.contentType(forPath: real), cached: keeps)
        if keeps {
            // Counted with its compressed variants, which are held too.
            let held = file.asset.memorySize
            cache.withLock { cache in
                let previous = cache.files[real]?.asset.memorySize ?? 0
                guard cache.bytes - previous + held <= Self.maxCacheSize else { return }
                cache.files[real] = file
                cache.bytes += held - previous
            }
        }
        return file
    }

    static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    package static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    package static func isDirectory(_ path: String) -> Bool {
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
