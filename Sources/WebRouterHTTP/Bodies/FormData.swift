/// The fields and files of a submitted HTML form.
///
/// Decodes `application/x-www-form-urlencoded` and `multipart/form-data` bodies:
/// ```swift
/// let form = try FormData.decode(contentType: "application/x-www-form-urlencoded",
///                                body: Array("name=Ada+L&tag=a&tag=b".utf8))
/// form["name"]              // "Ada L"
/// form.values(for: "tag")   // ["a", "b"]
/// ```
public struct FormData: Sendable, Equatable {
    /// The text fields in order; a name may repeat.
    public var fields: [(name: String, value: String)]
    /// The uploaded files in order.
    public var files: [FormFile]

    /// A form of the given fields and files, both empty by default (for tests and in-process calls).
    public init(fields: [(name: String, value: String)] = [], files: [FormFile] = []) {
        self.fields = fields
        self.files = files
    }

    /// The first value of the field `name`, or `nil`.
    public subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value of the field `name`, in order.
    public func values(for name: String) -> [String] {
        fields.lazy.filter { $0.name == name }.map(\.value)
    }

    /// The files uploaded under the field `name`.
    public func files(named name: String) -> [FormFile] {
        files.filter { $0.name == name }
    }

    /// Decodes a body according to its `Content-Type`.
    ///
    /// An empty body without a content type is an empty form.
    public static func decode(contentType: String?, body: [UInt8]) throws(FormDecodingError) -> FormData {
        guard let contentType else {
            if body.isEmpty { return FormData() }
            throw .unsupportedContentType("(none)")
        }
        let mediaType = HeaderParameters.mediaType(of: contentType)
        if HTTPHeaders.equalCaseInsensitive(mediaType, "application/x-www-form-urlencoded") {
            var items: [(name: String, value: String)] = []
            guard QueryItems.parse(body, into: &items, lenient: false) else { throw .malformedEncoding }
            return FormData(fields: items)
        }
        if HTTPHeaders.equalCaseInsensitive(mediaType, "multipart/form-data") {
            guard let boundary = HeaderParameters.parameter("boundary", in: contentType), !boundary.isEmpty,
                boundary.utf8.count <= 70
            else { throw .missingBoundary }
            return try MultipartParser(boundary: boundary).parse(body)
        }
        throw .unsupportedContentType(mediaType)
    }

    public static func == (lhs: FormData, rhs: FormData) -> Bool {
        lhs.files == rhs.files && lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
}
