// The sample of "A page without the chrome" (Screens and transitions): a screen whose fragment
// is the whole document.
import Testing
import WebRouter
import WebRouterTesting

struct Receipt: ContentScreen {
    func configure(_ presentation: inout ScreenPresentation) { presentation.isBareDocument = true }
    func body(_ context: Void, router: Router<Receipt>) -> some HTML {
        receiptDocument(lines: ["Tea", "Cake & cream"])
    }
}

@HTMLBuilder
func receiptDocument(lines: [String]) -> some HTML {
    UnsafeRawHTML("<!DOCTYPE html>")
    html {
        head { title { "Receipt" } }
        body { ul { for line in lines { li { line } } } }
    }
}

@Suite struct BareDocumentSampleTests {
    @Test func theReceiptIsItsDocumentAlone() async throws {
        let app = try Application(Window(Receipt()))
        try await app.test { client in
            let page = try await client.get("/")
            #expect(page.text == "<!DOCTYPE html><html><head><title>Receipt</title></head><body><ul><li>Tea</li><li>Cake &amp; cream</li></ul></body></html>")
        }
    }
}
