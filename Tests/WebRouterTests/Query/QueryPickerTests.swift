import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// The segmented control a `router.picker` renders: exact markup, the selected option
/// marked for assistive technology, and text and URLs escaped and sanitised like any element.
@Suite struct QueryPickerTests {
    @Test func rendersASegmentedNavWithTheSelectedOptionMarked() {
        let picker = QueryPicker(label: "Sections", options: [
            .init(title: "Overview", href: "/feed/match/12", isSelected: true),
            .init(title: "Line-ups", href: "/feed/match/12?section=lineups", isSelected: false),
        ])
        #expect(picker.renderedString == """
            <nav aria-label="Sections" class="segmented"><ul>\
            <li><a href="/feed/match/12" aria-current="true">Overview</a></li>\
            <li><a href="/feed/match/12?section=lineups">Line-ups</a></li>\
            </ul></nav>
            """)
    }

    @Test func escapesTextAndAttributesAndBlocksScriptURLs() {
        let picker = QueryPicker(label: "A \"quoted\" <label>", options: [
            .init(title: "<b>bold</b> & co", href: "/x?a=1&b=2", isSelected: false),
            .init(title: "Evil", href: "javascript:alert(1)", isSelected: false),
        ])
        let html = picker.renderedString
        #expect(html.contains(#"aria-label="A &quot;quoted&quot; &lt;label&gt;""#))
        #expect(html.contains(#"<a href="/x?a=1&amp;b=2">&lt;b&gt;bold&lt;/b&gt; &amp; co</a>"#))
        #expect(html.contains(##"<a href="#blocked">Evil</a>"##))
        #expect(!html.contains("javascript"))
    }
}

private extension HTML {
    var renderedString: String {
        var output = HTMLOutput()
        render(into: &output)
        return String(decoding: output.bytes, as: UTF8.self)
    }
}
