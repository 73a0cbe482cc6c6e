import WebRouterHTML
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
    /// Decodes the value and writes its canonical segments to the second argument; `nil`
    /// when the segments do not decode. (`URLContext._decodeForRoute(_:canonical:)`,
    /// specialised for the type.)
    let decode: @Sendable (ArraySlice<String>, inout [String]) -> (any Sendable)?
    /// Example segments for links in the storyboard map.
    let exampleSegments: [String]
    /// For a ``FlowStep`` context, the segments of every step in order (a flow's URLs);
    /// `nil` for any other context.
    var flowStepSegments: [[String]]? = nil

    static let void = ContextCodec(
        segmentCount: 0, typeName: "Void", valueType: Void.self,
        decode: { _, canonical in canonical.removeAll(keepingCapacity: true); return () }, exampleSegments: [])

    static func of<C: URLContext>(_ type: C.Type) -> ContextCodec {
        var example: [String] = []
        C.urlExample.appendPathSegments(to: &example)
        var codec = ContextCodec(
            segmentCount: C.pathSegmentCount,
            typeName: String(describing: C.self),
            valueType: C.self,
            decode: C._decodeForRoute,
            exampleSegments: example)
        if let steps = C.self as? any FlowStep.Type { codec.flowStepSegments = segmentsOfSteps(steps) }
        return codec
    }

    /// The segments of each step of a flow, in `allCases` order.
    private static func segmentsOfSteps<F: FlowStep>(_ type: F.Type) -> [[String]] {
        type.allCases.map { step in
            var segments: [String] = []
            step.appendPathSegments(to: &segments)
            return segments
        }
    }

    /// Decodes then re-encodes, giving the one canonical spelling of the segments: the
    /// given slice itself when it is already canonical (no copy), else a new array.
    /// `scratch` is working space the caller keeps across calls.
    func canonical(
        _ segments: ArraySlice<String>, scratch: inout [String]
    ) -> (value: any Sendable, segments: ArraySlice<String>)? {
        guard let value = decode(segments, &scratch) else { return nil }
        return (value, scratch.elementsEqual(segments) ? segments : ArraySlice(scratch))
    }
}
