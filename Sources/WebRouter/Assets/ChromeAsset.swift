import WebRouterHTML
import WebRouterHTTP
/// One file the page chrome needs (the stylesheet, the enhancement script, the default icon),
/// compiled into the WebRouter module and served from memory under a content-hashed URL.
///
/// Because the URL changes whenever the bytes do, browsers may keep a copy for a year
/// without ever asking again (`Cache-Control: public, max-age=31536000, immutable`). The
/// bytes are compressed once (brotli and gzip, see `StaticAsset`) when first asked for.
/// ```swift
/// let css = ChromeAssets.stylesheet
/// css.url          // "/_webrouter/webrouter.5f1c2a9e03b4d7e1.css"
/// css.contentType  // "text/css; charset=utf-8"
/// ```
struct ChromeAsset: Sendable {
    /// The file's name without its hash, e.g. `webrouter.css`.
    let name: String
    let contentType: String
    let bytes: [UInt8]
    /// A 64-bit FNV-1a hash of the bytes, in hexadecimal.
    let hash: String
    /// `/_webrouter/<stem>.<hash>.<extension>` (`/_webrouter/app/…` for an app's own, ``AppAssets``).
    let url: String
    /// The bytes with their validators and compressed variants, served like a static file.
    let file: StaticAsset

    init(name: String, contentType: String, bytes: [UInt8], prefix: String = ChromeAssets.prefix) {
        self.name = name
        self.contentType = contentType
        self.bytes = bytes
        self.file = StaticAsset(bytes: bytes, contentType: contentType, lastModified: ChromeAssets.loadedAt)
        let hex = String(file.contentHash, radix: 16)
        self.hash = String(repeating: "0", count: 16 - hex.utf8.count) + hex
        let dot = name.lastIndex(of: ".") ?? name.endIndex
        self.url = prefix + name[..<dot] + "." + hash + name[dot...]
    }
}
