import Testing
@testable import WebRouter
@testable import WebRouterTesting
import WebRouterHTML

/// A person does not see hidden things: the kit's landmarks and the JSON page state agree that a
/// hidden tab bar or breadcrumb is not on the page.
@Suite struct HiddenLandmarkTests {
    static let page = #"""
    <html><head><title>Match 12</title></head><body data-screen="Match">
    <nav aria-label="Tabs" hidden><ul><li><a href="/old">Old</a></li></ul></nav>
    <nav aria-label="Tabs"><ul><li><a href="/feed" aria-current="page">Feed</a></li></ul></nav>
    <main data-screen="Match">
    <div style="display: none"><nav aria-label="Breadcrumb"><ol><li><a href="/x">Stale</a></li><li aria-current="page">Gone</li></ol></nav></div>
    <nav aria-label="Breadcrumb"><ol><li><a href="/feed">Feed</a></li><li aria-current="page"><span>Match 12</span></li></ol></nav>
    </main>
    </body></html>
    """#

    @Test func theKitSkipsHiddenLandmarks() {
        let page = TestPage(html: Self.page, url: "/feed/match/12")
        #expect(page.tabs.map(\.label) == ["Feed"])
        #expect(page.layers.map(\.breadcrumb).filter { !$0.isEmpty }.map { $0.map(\.label) } == [["Feed", "Match 12"]])
        #expect(page.breadcrumb.map(\.label) == ["Feed", "Match 12"])
    }

    @Test func pageStateSeesTheSameLandmarksAsTheKit() {
        let state = PageState(html: Self.page, url: "/feed/match/12")
        let page = TestPage(html: Self.page, url: "/feed/match/12")
        #expect(state.tabs.map(\.label) == page.tabs.map(\.label))
        #expect(state.layers.map { $0.breadcrumb.map(\.label) } == page.layers.map(\.breadcrumb).filter { !$0.isEmpty }.map { $0.map(\.label) })
    }

    @Test func labelsAndIdsAreFoundThroughTheDocumentIndex() {
        let document = HTMLNode.parse(#"""
        <form><label for="q">Query</label><input id="q" name="q"><label for="q">text</label>
        <div hidden><p id="tip">secret</p><input id="h" name="h"></div><input aria-labelledby="lead" name="n"><b id="lead">Name</b></form>
        """#)
        #expect(document.element(withID: "q")?.accessibleName == "Query text")
        #expect(document.element(withID: "tip")?.isHidden == true)
        #expect(document.element(withID: "h")?.isHidden == true)
        #expect(document.element(withID: "q")?.isHidden == false)
        #expect(document.first { $0["name"] == "n" }?.accessibleName == "Name")
    }
}
