import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// The byte buffer every page renders into: it grows past its first capacity without losing
/// or reordering bytes, and copies of it stay independent values.
@Suite struct HTMLOutputTests {
    @Test func growsFarPastItsFirstCapacityKeepingEveryByteInOrder() {
        var output = HTMLOutput(capacity: 1)
        var expected: [UInt8] = []
        for index in 0..<2_000 {
            let piece = "<i>\(index) & \(index % 7 == 0 ? "\"quoted\"" : "plain")</i>"
            output.appendRaw("<i>")
            output.appendEscapedText("\(index) & \(index % 7 == 0 ? "\"quoted\"" : "plain")")
            output.appendRaw("</i>")
            expected += Array(piece.replacingOccurrences(of: "&", with: "&amp;")
                .replacingOccurrences(of: "\"", with: "&quot;").utf8)
        }
        #expect(output.bytes == expected)
        #expect(output.count == expected.count)
    }

    @Test func aCopyIsAnIndependentValue() {
        var original = HTMLOutput(capacity: 8)
        original.appendRaw("<p>")
        var copy = original
        copy.appendRaw("copy</p>")
        original.appendEscapedText("a<b")
        #expect(String(decoding: original.bytes, as: UTF8.self) == "<p>a&lt;b")
        #expect(String(decoding: copy.bytes, as: UTF8.self) == "<p>copy</p>")
    }

    /// Copies share memory until one writes past the other: whichever appends second gets
    /// storage of its own, in either order, and a buffer can take in itself or its copy.
    @Test func copiesThatAppendInTurnAndBuffersAppendedToThemselves() {
        var first = HTMLOutput(capacity: 64)
        first.appendRaw("ab")
        var second = first
        second.appendRaw("CD")      // second now owns the shared tail
        first.appendRaw("ef")       // first gets its own storage
        second.appendRaw("GH")
        #expect(String(decoding: first.bytes, as: UTF8.self) == "abef")
        #expect(String(decoding: second.bytes, as: UTF8.self) == "abCDGH")

        var grown = HTMLOutput(capacity: 64)
        grown.appendRaw(String(repeating: "x", count: 40))
        let snapshot = grown
        grown.appendRaw(grown)      // 80 bytes: grows while reading its own bytes
        grown.appendRaw(snapshot)   // a copy that shares the (now grown) storage
        #expect(grown.bytes == Array(repeating: UInt8(ascii: "x"), count: 120))
        #expect(snapshot.count == 40)
        #expect(snapshot.bytes == Array(repeating: UInt8(ascii: "x"), count: 40))
    }

    @Test func rawBytesFromAnySequenceAndNonASCIIStrings() {
        var output = HTMLOutput()
        output.appendRaw(bytes: [0x3C, 0x62, 0x3E])
        output.appendRaw(bytes: "é🙂".utf8.lazy.map { $0 })
        output.appendEscapedText("中文 <tag>")
        output.appendRaw(String(repeating: "x", count: 3))
        #expect(String(decoding: output.bytes, as: UTF8.self) == "<b>é🙂中文 &lt;tag&gt;xxx")
    }

    /// Elements write their tags and attributes with one capacity check per part; from a
    /// one-byte buffer, and into a copy of a filled one, the markup must come out whole.
    @Test func elementsAndAttributesRenderWholeWhileTheBufferGrowsOrIsShared() {
        let element = div(.class("card \"x\""), .id("n1"), .custom(name: "hidden")) { p { "1 < 2" }; br() }
        let markup = #"<div class="card &quot;x&quot;" id="n1" hidden><p>1 &lt; 2</p><br></div>"#
        var small = HTMLOutput(capacity: 1)
        element.render(into: &small)
        #expect(String(decoding: small.bytes, as: UTF8.self) == markup)

        var copy = small
        element.render(into: &copy)
        #expect(String(decoding: small.bytes, as: UTF8.self) == markup, "the original is untouched")
        #expect(String(decoding: copy.bytes, as: UTF8.self) == markup + markup)
    }
}
