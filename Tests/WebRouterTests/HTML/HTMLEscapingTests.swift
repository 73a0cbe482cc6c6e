import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// Hostile strings in every slot of the builder come out inert.
@Suite struct HTMLEscapingTests {
    static let hostile: [(String, String)] = [
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("\"><img src=x onerror=alert(1)>", "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"),
        ("' onmouseover='x", "&#39; onmouseover=&#39;x"),
        ("&amp;", "&amp;amp;"),
        ("Zoë 🇫🇷 — ünïcødé", "Zoë 🇫🇷 — ünïcødé"),
        ("", ""),
        ("plain", "plain"),
        ("a&b<c>d\"e'f", "a&amp;b&lt;c&gt;d&quot;e&#39;f"),
    ]

    @Test(arguments: hostile)
    func textIsEscaped(input: String, expected: String) {
        #expect(p { input }.renderedString() == "<p>\(expected)</p>")
        #expect(span { Text(input) }.renderedString() == "<span>\(expected)</span>")
    }

    @Test(arguments: hostile)
    func everyAttributeValueIsEscaped(hostile: String, expected: String) {
        let attributes: [(HTMLAttribute, String)] = [
            (.class(hostile), "class"), (.id(hostile), "id"), (.name(hostile), "name"), (.value(hostile), "value"),
            (.type(hostile), "type"), (.rel(hostile), "rel"), (.target(hostile), "target"), (.title(hostile), "title"),
            (.lang(hostile), "lang"), (.role(hostile), "role"), (.placeholder(hostile), "placeholder"),
            (.for(hostile), "for"), (.autocomplete(hostile), "autocomplete"), (.alt(hostile), "alt"),
            (.content(hostile), "content"), (.charset(hostile), "charset"), (.datetime(hostile), "datetime"),
            (.inputmode(hostile), "inputmode"), (.enctype(hostile), "enctype"), (.method(hostile), "method"),
            (.data("x", hostile), "data-x"), (.aria("label", hostile), "aria-label"),
            (.custom(name: "hx-get", value: hostile), "hx-get"),
            (.href(hostile), "href"), (.src(hostile), "src"), (.action(hostile), "action"), (.formaction(hostile), "formaction"),
        ]
        for (attribute, name) in attributes {
            #expect(div(attribute).renderedString() == "<div \(name)=\"\(expected)\"></div>")
            #expect(input(attribute).renderedString() == "<input \(name)=\"\(expected)\">")
        }
    }

    @Test func escapingIsTheSameForTextAndAttributes() {
        var output = HTMLOutput(capacity: 0)
        output.appendEscapedText("<&>\"'")
        output.appendRaw("|")
        output.appendEscapedAttribute("<&>\"'")
        #expect(String(decoding: output.bytes, as: UTF8.self) == "&lt;&amp;&gt;&quot;&#39;|&lt;&amp;&gt;&quot;&#39;")
    }

    /// Every byte value, alone and between clean text: only the five specials change.
    @Test func everyByteValueIsEscapedExactlyWhenItIsSpecial() {
        let entities: [UInt8: String] = [0x26: "&amp;", 0x3C: "&lt;", 0x3E: "&gt;", 0x22: "&quot;", 0x27: "&#39;"]
        for value in 0...255 {
            let byte = UInt8(value)
            var output = HTMLOutput(capacity: 0)
            [0x61, byte, 0x62].withUnsafeBufferPointer { output.appendEscaped(utf8: $0) }
            let expected = [0x61] + (entities[byte].map { Array($0.utf8) } ?? [byte]) + [0x62]
            #expect(output.bytes == expected, "byte \(value)")
        }
    }

    /// A special byte at every position of texts from 1 to 40 bytes is found and escaped, and
    /// nothing else changes.
    @Test func aSpecialByteIsFoundAtEveryPositionOfTheWordScan() {
        for length in 1...40 {
            for position in 0..<length {
                for special in ["&", "<", ">", "\"", "'"] {
                    var text = Array(repeating: "a", count: length)
                    text[position] = special
                    var output = HTMLOutput(capacity: 0)
                    output.appendEscapedText(text.joined())
                    let expected = text.map { HTMLOutput.entity(for: UInt8(ascii: Unicode.Scalar($0)!)).map(\.description) ?? $0 }
                    #expect(String(decoding: output.bytes, as: UTF8.self) == expected.joined(), "\(special) at \(position) of \(length)")
                }
            }
        }
    }

    @Test func longCleanRunsAndBridgedSubstringsAreCopiedIntact() {
        let long = String(repeating: "abcdefgh", count: 1000) + "<" + String(repeating: "é", count: 500)
        let expected = String(repeating: "abcdefgh", count: 1000) + "&lt;" + String(repeating: "é", count: 500)
        #expect(p { long }.renderedString() == "<p>\(expected)</p>")
        let sub = String("xx<yy>zz".dropFirst(2))
        #expect(p { sub }.renderedString() == "<p>&lt;yy&gt;zz</p>")
    }

    @Test(arguments: [
        "onclick=alert(1)", "x onmouseover", "\"", "a>b", "", "data x", "é", "x=y", "a/b",
    ])
    func invalidAttributeNamesAreDropped(name: String) {
        #expect(div(.custom(name: name, value: "v"), .class("kept")).renderedString() == "<div class=\"kept\"></div>")
        #expect(div(.data(name, "v")).renderedString() == "<div></div>")
        #expect(div(.aria(name, "v")).renderedString() == "<div></div>")
    }

    @Test func validCustomNamesAreKept() {
        let html = div(.custom(name: "xml:lang", value: "fr"), .data("team_id", "3"), .aria("describedby", "m"),
                       .custom(name: "itemscope")).renderedString()
        #expect(html == "<div xml:lang=\"fr\" data-team_id=\"3\" aria-describedby=\"m\" itemscope></div>")
    }

    @Test func rawHTMLIsTheOnlyUnescapedPath() {
        let html = div {
            UnsafeRawHTML("<svg viewBox=\"0 0 1 1\"></svg>")
            "<svg>"
        }.renderedString()
        #expect(html == "<div><svg viewBox=\"0 0 1 1\"></svg>&lt;svg&gt;</div>")
    }
}
