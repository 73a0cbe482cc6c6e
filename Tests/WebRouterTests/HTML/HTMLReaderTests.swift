import Testing
@testable import WebRouterHTML

/// The reader the page state and the test kit share: what it makes of HTML a server or a
/// browser writes, and what a person perceives of it.
@Suite struct HTMLReaderTests {
    private func element(_ html: String, _ tag: String) -> HTMLNode? {
        HTMLNode.parse(html).first { $0.tag == tag }
    }

    @Test func decodesNamedAndNumericReferencesInTextAndAttributes() {
        let root = HTMLNode.parse(#"<p title="a&amp;b &#x41;&#66;">x &lt;y&gt; &quot;z&quot; &nbsp;&hellip; &bogus; & &#xZZ; &#1114112;</p>"#)
        let paragraph = root.first { $0.tag == "p" }
        #expect(paragraph?["title"] == "a&b AB")
        #expect(paragraph?.children.first?.textValue == "x <y> \"z\" \u{A0}… &bogus; & &#xZZ; &#1114112;")
        #expect(HTMLNode.parse("&amp;").children.first?.textValue == "&")
    }

    @Test func voidElementsHaveNoChildrenAndDoNotSwallowTheirSiblings() {
        let root = HTMLNode.parse(#"<div><img src=a.png><br><input name=q><hr><span>after</span></div>"#)
        let div = root.first { $0.tag == "div" }
        #expect(div?.children.map(\.tag) == ["img", "br", "input", "hr", "span"])
        #expect(root.first { $0.tag == "span" }?.parent?.tag == "div")
    }

    @Test func rawTextElementsKeepTheirContentUntilTheirEndTag() {
        let root = HTMLNode.parse(#"""
        <script>if (a < b && c) { "</p>" }</SCRIPT><style>a > b { x: "&amp;" }</style>
        <textarea name=t>
        1 &lt; 2 <b>not bold</b></textarea><title>A &amp; B</title><p>after</p>
        """#)
        #expect(root.first { $0.tag == "script" }?.children.first?.textValue == #"if (a < b && c) { "</p>" }"#)
        #expect(root.first { $0.tag == "style" }?.children.first?.textValue == #"a > b { x: "&amp;" }"#)
        #expect(root.first { $0.tag == "textarea" }?.children.first?.textValue == "\n1 < 2 <b>not bold</b>")
        #expect(root.first { $0.tag == "b" } == nil)
        #expect(root.first { $0.tag == "title" }?.text == "A & B")
        #expect(root.first { $0.tag == "p" }?.text == "after")
        #expect(HTMLNode.parse("<textarea></textarea>").first { $0.tag == "textarea" }?.children.count == 1)
    }

    @Test func unclosedAndStrayTagsNeverLoseText() {
        let root = HTMLNode.parse("<div><p>one<b>two</div><p>three</i> four < five <3")
        #expect(root.first { $0.tag == "div" }?.text == "onetwo")
        #expect(root.all("p").last?.text == "three four < five <3")
        #expect(root.first { $0.tag == "b" }?.isInside(root.first { $0.tag == "div" }!) == true)
        #expect(HTMLNode.parse("<a href='x").first { $0.tag == "a" }?["href"] == "x")
        #expect(HTMLNode.parse("").children.isEmpty)
    }

    @Test func attributesWithoutValuesOrQuotesAndRepeatedNames() {
        let input = element(#"<INPUT Type=Checkbox checked name = 'a b' value="1" value="2" data-x=y/z disabled/>"#, "input")
        #expect(input?["type"] == "Checkbox" && input?.inputType == "checkbox")
        #expect(input?["checked"] == "" && input?["disabled"] == "")
        #expect(input?["name"] == "a b")
        #expect(input?["value"] == "1")
        #expect(input?["data-x"] == "y/z")
        #expect(input?["missing"] == nil && input?["never-seen-anywhere-in-this-page"] == nil)
        #expect(input?.attributes == ["type": "Checkbox", "checked": "", "name": "a b", "value": "1", "data-x": "y/z", "disabled": ""])
    }

    @Test func commentsAndTheDoctypeAreSkipped() {
        let root = HTMLNode.parse("<!doctype html><!-- <p>not a paragraph</p> --><p>yes</p><!-- unterminated")
        #expect(root.all("p").map(\.text) == ["yes"])
    }

    @Test func hiddenContentIsHiddenWithEverythingInItButInertContentIsNot() {
        let root = HTMLNode.parse(#"""
        <body><div hidden><a href="/1" id="one">1</a></div><div aria-hidden="true"><a href="/2" id="two">2</a></div>
        <div inert><a href="/3" id="three">3</a></div><div style="Display: None"><a href="/4" id="four">4</a></div>
        <details><summary id="sum">More</summary><a href="/5" id="five">5</a> loose</details>
        <details open><summary>Open</summary><a href="/6" id="six">6</a></details>
        <dialog><a href="/7" id="seven">7</a></dialog><template><a href="/8" id="eight">8</a></template>
        <input type="HIDDEN" id="nine"><a href="/10" id="ten">10</a></body>
        """#)
        for id in ["one", "two", "four", "five", "seven", "eight", "nine"] {
            #expect(root.element(withID: id)?.isHidden == true, "\(id)")
        }
        for id in ["sum", "six", "ten", "three"] {   // inert is not hidden: the base layer under a modal is inert
            #expect(root.element(withID: id)?.isHidden == false, "\(id)")
        }
        #expect(root.first { $0.tag == "body" }?.visibleText(excluding: nil) == "3 More Open 6 10")
    }

    @Test func controlsAreNamedByLabelsForTheirIdAndAroundThem() {
        let root = HTMLNode.parse(#"""
        <form><label for="user">User <i aria-hidden="true">*</i></label><input id="user" name="user">
        <label>Password <input type="password" name="password"></label>
        <label for="other">Elsewhere <input name="inner"></label>
        <label for="both">First</label><label>Second <input id="both" name="both"></label>
        <input name="plain" placeholder="Search" title="Find">
        <button aria-label="Close dialog">×</button><button aria-labelledby="l1 l2">ignored</button>
        <span id="l1">Save</span><span id="l2">draft</span><input type="submit" value="Go"></form>
        """#)
        func name(_ predicate: (HTMLNode) -> Bool) -> String? { root.first(where: predicate)?.accessibleName }
        #expect(name { $0["name"] == "user" } == "User")
        #expect(name { $0["name"] == "password" } == "Password")
        #expect(name { $0["name"] == "inner" } == "")
        #expect(name { $0["name"] == "both" } == "First Second")
        #expect(name { $0["name"] == "plain" } == "Find")
        #expect(name { $0.tag == "button" && $0["aria-label"] != nil } == "Close dialog")
        #expect(name { $0["aria-labelledby"] != nil } == "Save draft")
        #expect(name { $0["type"] == "submit" } == "Go")
    }

    @Test func nodesAreValuesThatCompareByIdentity() {
        let root = HTMLNode.parse("<ul><li>a</li><li>a</li></ul>")
        let items = root.all("li")
        #expect(items.count == 2 && items[0] != items[1])
        #expect(items[0] == root.first { $0.tag == "li" })
        #expect(Set(items + items).count == 2)
        #expect(items[0].parent == items[1].parent)
        #expect(HTMLNode.parse("<ul><li>a</li></ul>").first { $0.tag == "li" } != items[0])
        #expect(root.first { $0.tag == "ul" }?.descendants == items)
    }

    @Test func textCollapsesWhitespaceAndLeavesOutDecorations() {
        let root = HTMLNode.parse("<p>  Hello\n\t<span aria-hidden=\"true\">★</span> <b>world</b>  </p><li>x</li><li>y</li>")
        #expect(root.first { $0.tag == "p" }?.text == "Hello world")
        #expect(root.text == "Hello world x y")
    }

    @Test func anEndTagNoElementOpenedIsIgnoredAndANewTagAfterItIsRead() {
        // `</zz>` names a tag the page never opened; the `<qq>` after it is a new tag as well.
        let root = HTMLNode.parse("<p>a</zz><qq>b</qq></p><DIV>c</div >")
        #expect(root.first { $0.tag == "qq" }?.parent?.tag == "p")
        #expect(root.first { $0.tag == "p" }?.text == "ab")
        #expect(root.first { $0.tag == "div" }?.parent?.tag == "#document")
    }

    @Test func visibleTextCollapsesWhitespaceAndNoBreakSpacesAcrossTextsAndReferences() {
        let root = HTMLNode.parse(
            "<a href=/x>\u{A0} Twelve-letter\u{A0}&nbsp;words\tand<b> </b>more&#32;text</a>" +
            "<p>\u{C2}x <img alt=\"A &amp; B\"> end\u{A0}</p><span>  </span>")
        #expect(root.first { $0.tag == "a" }?.visibleText(excluding: nil) == "Twelve-letter words and more text")
        #expect(root.first { $0.tag == "p" }?.visibleText(excluding: nil) == "\u{C2}x A & B end")
        #expect(root.first { $0.tag == "span" }?.visibleText(excluding: nil) == "")
        #expect(root.first { $0.tag == "img" }?.visibleText(excluding: nil) == "A & B")
    }

    @Test func shortAndLongVisibleTextsReadTheSameWay() {
        // A name (written on the stack) and a page's text of several kilobytes (written in its
        // own storage) collapse alike; a short one and one just past 15 bytes round-trip.
        let word = "Atlético\u{A0} &amp; <b>Sierra</b>\n"
        let long = String(repeating: "<p>\(word)</p>", count: 200)
        let root = HTMLNode.parse("<a href=/a>Feed</a><a href=/b>Atlético Valdemora</a><main>\(long)</main>")
        #expect(root.all("a").map { $0.visibleText(excluding: nil) } == ["Feed", "Atlético Valdemora"])
        let text = root.first { $0.tag == "main" }?.visibleText(excluding: nil)
        #expect(text == Array(repeating: "Atlético & Sierra", count: 200).joined(separator: " "))
    }

    @Test func attributesOfEveryNameAreReadWhetherTheTableKnewTheNameOrNot() {
        // `blocking` and `target` are among the names every document starts with; `data-x` is
        // the page's own.
        let link = HTMLNode.parse(#"<a href="/x" target="_blank" data-x="1" blocking="render">x</a>"#).first { $0.tag == "a" }
        #expect(link?.attributes == ["href": "/x", "target": "_blank", "data-x": "1", "blocking": "render"])
        #expect(link?["TARGET"] == "_blank")
        #expect(link?["data-x"] == "1")
    }
}
