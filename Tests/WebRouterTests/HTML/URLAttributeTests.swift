import Testing
import WebRouter

/// URL-valued attributes refuse script and data URLs however they are spelled.
@Suite struct URLAttributeTests {
    @Test(arguments: [
        "javascript:alert(1)", " JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "java\nscript:alert(1)",
        "\u{1}javascript:alert(1)", "\r\n javascript:alert(1)", "JAVASCRIPT:x", "vbscript:msgbox(1)",
        "VBScript:x", "data:text/html,<script>alert(1)</script>", " DATA:text/html;base64,PHNjcmlwdD4=",
        "d\ta\nta:text/html,x", "javascript\t:alert(1)",
    ])
    func dangerousSchemesAreBlocked(url: String) {
        #expect(a(.href(url)) { "x" }.renderedString() == "<a href=\"#blocked\">x</a>")
        #expect(img(.src(url)).renderedString() == "<img src=\"#blocked\">")
        #expect(form(.action(url)) {}.renderedString() == "<form action=\"#blocked\"></form>")
        #expect(button(.formaction(url)) { "go" }.renderedString() == "<button formaction=\"#blocked\">go</button>")
    }

    @Test func imageDataIsAllowedInSrcOnly() {
        let url = "data:image/png;base64,iVBORw0KGgo="
        #expect(img(.src(url)).renderedString() == "<img src=\"\(url)\">")
        #expect(img(.src("DATA:Image/svg+xml,x")).renderedString() == "<img src=\"DATA:Image/svg+xml,x\">")
        #expect(a(.href(url)) { "x" }.renderedString() == "<a href=\"#blocked\">x</a>")
        #expect(img(.src("data:imagex,1")).renderedString() == "<img src=\"#blocked\">")
    }

    @Test(arguments: [
        "/feed/tournament/5/match/12", "https://example.com/a?b=c", "mailto:a@b.c", "#main", "?tab=2",
        "relative/javascript:x", "./javascript:x", "java script:x", "tel:+331234", "",
    ])
    func ordinaryURLsAreKept(url: String) {
        var expected = HTMLOutput(capacity: 0)
        expected.appendEscapedAttribute(url)
        let escaped = String(decoding: expected.bytes, as: UTF8.self)
        #expect(a(.href(url)) { "x" }.renderedString() == "<a href=\"\(escaped)\">x</a>")
    }

    @Test func keptURLsAreStillEscaped() {
        #expect(a(.href("/search?q=\"><script>")) { "x" }.renderedString()
            == "<a href=\"/search?q=&quot;&gt;&lt;script&gt;\">x</a>")
    }
}
