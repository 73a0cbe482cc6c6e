import WebRouterHTML
/// A file a test attaches to an `<input type="file">`, sent as `multipart/form-data`.
///
/// ```swift
/// try await client.attach(TestFile(name: "crest.svg", contentType: "image/svg+xml", contents: Array(svg.utf8)),
///                         to: "Crest")
/// try await client.press("Upload")
/// ```
public struct TestFile: Sendable, Equatable {
    /// The file name the browser sends.
    public var name: String
    /// Its media type.
    public var contentType: String
    /// Its bytes.
    public var contents: [UInt8]

    /// A file with a name, a media type and contents.
    public init(name: String, contentType: String = "application/octet-stream", contents: [UInt8]) {
        self.name = name
        self.contentType = contentType
        self.contents = contents
    }
}
