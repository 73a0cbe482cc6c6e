import Foundation
import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// A context's one segment, which typed links print without an array, is the segment
/// `appendPathSegments` writes; a context of two segments has none.
@Suite struct URLContextTests {
    func segments(_ value: some URLContext) -> [String] {
        var segments: [String] = []
        value.appendPathSegments(to: &segments)
        return segments
    }

    @Test func theOnlySegmentIsTheEncodedOne() {
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        #expect(12._onlyPathSegment == segments(12).first)
        #expect((-3)._onlyPathSegment == "-3")
        #expect(Int64(7)._onlyPathSegment == segments(Int64(7)).first)
        #expect("a b/c"._onlyPathSegment == "a b/c")
        #expect(true._onlyPathSegment == "true")
        #expect(uuid._onlyPathSegment == segments(uuid).first)
        #expect(uuid._onlyPathSegment == "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
        #expect(Colour.green._onlyPathSegment == "green")
        #expect(Pair(number: 1, colour: .red)._onlyPathSegment == nil)
        #expect(segments(Pair(number: 1, colour: .red)) == ["1", "red"])
    }
}
