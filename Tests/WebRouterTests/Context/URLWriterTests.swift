import Testing
@testable import WebRouter
@testable import WebRouterHTML
@_spi(WebRouterInternals) @testable import WebRouterHTTP

/// The byte-level URL writer the route table prints with encodes exactly as the
/// String-based encoders do, and stays within the bounds it is given.
@Suite struct URLWriterTests {
    static let samples = ["plain-text_1.2", "a/b c?d", "~user", "a~b", "é", "😀", "", "%", "a&b=c#d", "\u{0}\n", "<'\">"]

    @Test(arguments: samples)
    func segmentsAndQueryValuesMatchTheStringEncoders(text: String) {
        let segment = URLWriter.make(upperBound: URLWriter.segmentBound(text)) { $0.writeSegment(text) }
        #expect(segment == PathSegmentEncoding.encode(text))
        let value = URLWriter.make(upperBound: URLWriter.segmentBound(text)) { $0.writeQueryValue(text) }
        #expect(value == PathSegmentEncoding.encodeQueryValue(text))
    }

    @Test func writesBytesTextAndPrefixesInOrder() {
        let url = URLWriter.make(upperBound: 32) { url in
            url.write(UInt8(ascii: "/"))
            url.write("feed")
            url.write(prefix: 3, of: "/12345")
            url.write(prefix: 0, of: "")
        }
        #expect(url == "/feed/12")
        #expect(URLWriter.make(upperBound: 0) { _ in } == "")
    }

    /// Typed links print an `Int` context with `writeDecimal`: the same bytes as the segment
    /// `String(id)` gives, at both ends of the range.
    @Test(arguments: [0, 1, -1, 9, 10, -10, 99, 100, 12_345, Int.max, Int.min, Int.min + 1, -1_000_000_000_000])
    func decimalsAreTheSegmentsOfTheirStrings(value: Int) {
        let written = URLWriter.make(upperBound: URLWriter.decimalBound + 2) { url in
            url.write(UInt8(ascii: "/"))
            url.writeDecimal(value)
            url.write(UInt8(ascii: "?"))
        }
        #expect(written == "/" + PathSegmentEncoding.encode(String(value)) + "?")
    }
}
