import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// Elements keep up to two attributes inline and more in an array; either way they render
/// in the order written, and `attributes` reads and replaces them as an array.
@Suite struct HTMLAttributeListTests {
    func markup(_ html: some HTML) -> String {
        var output = HTMLOutput()
        html.render(into: &output)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    @Test func zeroToFourAttributesRenderInOrder() {
        #expect(markup(p { "x" }) == "<p>x</p>")
        #expect(markup(p(.class("a")) { "x" }) == #"<p class="a">x</p>"#)
        #expect(markup(p(.class("a"), .id("b")) { "x" }) == #"<p class="a" id="b">x</p>"#)
        #expect(markup(p(.class("a"), .id("b"), .title("c")) { "x" }) == #"<p class="a" id="b" title="c">x</p>"#)
        #expect(markup(p([.class("a"), .id("b"), .title("c"), .lang("d")]) { "x" })
                == #"<p class="a" id="b" title="c" lang="d">x</p>"#)
        #expect(markup(div(.class("a"), .id("b"))) == #"<div class="a" id="b"></div>"#)
        #expect(markup(input(.type("text"), .name("q"))) == #"<input type="text" name="q">"#)
        #expect(markup(br()) == "<br>")
    }

    @Test func attributesReadAndReplaceAsAnArray() {
        var element = a(.href("/feed"), .rel("up")) { "Feed" }
        #expect(element.attributes.map(\.name) == ["href", "rel"])
        element.attributes.append(.class("button"))
        #expect(markup(element) == #"<a href="/feed" rel="up" class="button">Feed</a>"#)
        element.attributes = [.id("only")]
        #expect(markup(element) == #"<a id="only">Feed</a>"#)
        element.attributes = []
        #expect(markup(element) == "<a>Feed</a>")
    }
}
