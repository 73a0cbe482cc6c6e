import Testing
import WebRouter

private struct SampleTeam {
    var id: Int
    var name: String
    var city: String?
    var players: [String]
}

@HTMLBuilder private func card(_ team: SampleTeam, query: String) -> some HTML {
    article(.class("card"), .data("id", "\(team.id)")) {
        h2 { team.name }
        a(.href("/team/\(team.id)")) { "Open" }
        if let city = team.city { p { city } }
        ul { for player in team.players { li { player } } }
        input(.type("text"), .name("q"), .value(query))
    }
}

private struct Badge: HTML {
    var text: String
    func render(into output: inout HTMLOutput) {
        span(.class("badge")) { text }.render(into: &output)
    }
}

/// Composition renders exactly the expected markup.
@Suite struct HTMLBuilderTests {
    @Test func cardComposesIfForAndVoidElements() {
        let team = SampleTeam(id: 3, name: "Lions & Tigers", city: "Lyon", players: ["Ann", "<Bob>"])
        #expect(card(team, query: "a\"b").renderedString() == """
            <article class="card" data-id="3"><h2>Lions &amp; Tigers</h2><a href="/team/3">Open</a>\
            <p>Lyon</p><ul><li>Ann</li><li>&lt;Bob&gt;</li></ul><input type="text" name="q" value="a&quot;b"></article>
            """)
        let bare = SampleTeam(id: 4, name: "Bears", city: nil, players: [])
        #expect(card(bare, query: "").renderedString() == """
            <article class="card" data-id="4"><h2>Bears</h2><a href="/team/4">Open</a><ul></ul>\
            <input type="text" name="q" value=""></article>
            """)
    }

    @Test(arguments: [true, false])
    func ifElseTakesOneBranch(won: Bool) {
        let html = p {
            if won { strong { "Won" } } else { em { "Lost" } }
        }.renderedString()
        #expect(html == (won ? "<p><strong>Won</strong></p>" : "<p><em>Lost</em></p>"))
    }

    @Test func switchAndOptionalsCompose() {
        @HTMLBuilder func b1() -> some HTML { small { "one" } }
        func status(_ code: Int) -> some HTML {
            div {
                switch code {
                case 0: "zero"
                case 1: b1()
                default: EmptyHTML()
                }
            }
        }
        #expect(status(0).renderedString() == "<div>zero</div>")
        #expect(status(1).renderedString() == "<div><small>one</small></div>")
        #expect(status(2).renderedString() == "<div></div>")
        let missing: String? = nil
        #expect(p { missing; "!"; Optional("?") }.renderedString() == "<p>!?</p>")
    }

    @Test func voidElementsHaveNoClosingTag() {
        let html = div {
            br()
            hr(.class("rule"))
            img(.src("/a.png"), .alt("A"))
            meta(.charset("utf-8"))
            link(.rel("stylesheet"), .href("/s.css"))
            input(.type("checkbox"), .checked, .disabled, .required)
        }.renderedString()
        #expect(html == """
            <div><br><hr class="rule"><img src="/a.png" alt="A"><meta charset="utf-8">\
            <link rel="stylesheet" href="/s.css"><input type="checkbox" checked disabled required></div>
            """)
    }

    @Test func nestingAndComponentsRenderInOrder() {
        let html = main {
            nav(.aria("label", "Sections"), .class("segmented")) {
                a(.href("/a"), .aria("current", "true")) { "A" }
                a(.href("/b")) { "B" }
            }
            section {
                h1 { "Title" }
                Badge(text: "new")
                dl { dt { "Goals" }; dd { "3" } }
                table(.class("table")) {
                    thead { tr { th(.scope("col")) { "SampleTeam" } } }
                    tbody { tr { td(.colspan(2)) { "Lions" } } }
                }
            }
            dialog(.open) { form(.method(.post), .action("/x")) { button(.type("submit")) { "Go" } } }
            details { summary { "More" }; pre { code { "x < y" } } }
        }.renderedString()
        #expect(html == """
            <main><nav aria-label="Sections" class="segmented"><a href="/a" aria-current="true">A</a>\
            <a href="/b">B</a></nav><section><h1>Title</h1><span class="badge">new</span>\
            <dl><dt>Goals</dt><dd>3</dd></dl><table class="table"><thead><tr><th scope="col">SampleTeam</th></tr></thead>\
            <tbody><tr><td colspan="2">Lions</td></tr></tbody></table></section>\
            <dialog open><form method="post" action="/x"><button type="submit">Go</button></form></dialog>\
            <details><summary>More</summary><pre><code>x &lt; y</code></pre></details></main>
            """)
    }

    /// `for` loops render every iteration in order, escaped, however they nest, and a value
    /// holding a loop renders the same markup each time it is rendered.
    @Test func loopsRenderEveryIterationInOrder() {
        let rows = [("<Ada>", ["a&b", "c"]), ("Bo \"B\"", []), ("Cy", ["'d'"])]
        let fragment = AnyHTML {
            ul(.class("list")) {
                for (index, row) in rows.enumerated() {
                    li(.data("row", "\(index)")) {
                        Badge(text: row.0)
                        for tag in row.1 { em { tag } }
                        if row.1.isEmpty { small { "none" } }
                    }
                }
            }
            ol { for _ in [Int]() { li { "never" } } }
        }
        let expected = """
            <ul class="list"><li data-row="0"><span class="badge">&lt;Ada&gt;</span><em>a&amp;b</em><em>c</em></li>\
            <li data-row="1"><span class="badge">Bo &quot;B&quot;</span><small>none</small></li>\
            <li data-row="2"><span class="badge">Cy</span><em>&#39;d&#39;</em></li></ul><ol></ol>
            """
        #expect(fragment.renderedString() == expected)
        #expect(fragment.renderedString() == expected)
        #expect(div { fragment; fragment }.renderedString() == "<div>" + expected + expected + "</div>")
    }

    @Test func anyHTMLErasesWithoutChangingOutput() {
        let parts: [AnyHTML] = [AnyHTML(h1 { "Feed" }), AnyHTML { p { "x" }; "y" }, AnyHTML(AnyHTML("<z>"))]
        #expect(div { parts }.renderedString() == "<div><h1>Feed</h1><p>x</p>y&lt;z&gt;</div>")
    }

    @Test func attributeArraysAndEmptyContent() {
        let attributes: [HTMLAttribute] = [.class("a"), .tabindex(-1), .minlength(2), .maxlength(40), .hidden]
        #expect(div(attributes).renderedString() == "<div class=\"a\" tabindex=\"-1\" minlength=\"2\" maxlength=\"40\" hidden></div>")
        #expect(span(attributes) { "x" }.renderedString()
            == "<span class=\"a\" tabindex=\"-1\" minlength=\"2\" maxlength=\"40\" hidden>x</span>")
        #expect(div {}.renderedString() == "<div></div>")
        #expect(EmptyHTML().renderedBytes().isEmpty)
    }

    @Test func outputBufferAppendsRawPieces() {
        var output = HTMLOutput()
        output.appendRaw("<b>")
        output.appendRaw(String("dyn"))
        output.appendRaw(bytes: Array("</b>".utf8))
        #expect(output.bytes == Array("<b>dyn</b>".utf8))
    }
}
