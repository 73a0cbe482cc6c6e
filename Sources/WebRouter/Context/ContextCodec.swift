/// The type-erased way a route node reads and writes its context in the URL.
///
/// Built once at start-up from the static context type (`URLContext` or `Void`), so a
/// request never reflects on types.
struct ContextCodec: Sendable {
    /// Segments the context spans (0 for `Void`).
    let segmentCount: Int
    /// The Swift type's name, for `webapp routes` and error messages.
    let typeName: String
    /// The Swift type of decoded values.
    let valueType: Any.Type
    /// Decodes the value; `nil` when the segments do not decode.
    let decode: @Sendable (ArraySlice<String>) -> (any Sendable)?
    /// Encodes a value of the right type; `nil` for a value of another type.
    let encode: @Sendable (any Sendable) -> [String]?
    /// Example segments for links in the storyboard map.
    let exampleSegments: [String]

    static let void = ContextCodec(
        segmentCount: 0, typeName: "Void", valueType: Void.self,
        decode: { _ in () }, encode: { $0 is Void ? [] : nil }, exampleSegments: [])

    static func of<C: URLContext>(_ type: C.Type) -> ContextCodec {
        var example: [String] = []
        C.urlExample.appendPathSegments(to: &example)
        return ContextCodec(
            segmentCount: C.pathSegmentCount,
            typeName: String(describing: C.self),
            valueType: C.self,
            decode: { C(pathSegments: $0) },
            encode: { value in
                guard let typed = value as? C else { return nil }
                var segments: [String] = []
                segments.reserveCapacity(C.pathSegmentCount)
                typed.appendPathSegments(to: &segments)
                return segments
            },
            exampleSegments: example)
    }

    /// Decodes then re-encodes, giving the one canonical spelling of the segments.
    func canonical(_ segments: ArraySlice<String>) -> (value: any Sendable, segments: [String])? {
        guard let value = decode(segments), let again = encode(value) else { return nil }
        return (value, again)
    }
}
