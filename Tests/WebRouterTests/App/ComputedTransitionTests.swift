import Testing
import WebRouter
import WebRouterTesting

// A screen whose transition is a computed property, the trap a new user met: the route
// table cannot see it (it finds transitions among stored properties at start-up).
private struct Inbox: ContentScreen {
    let message: Push<Inbox, Message>
    var archive: Push<Inbox, Message> { Push(Message()) }     // computed: not in the tree

    func body(_ context: Void, router: Router<Inbox>) -> some HTML {
        a(.href(router.link(\.message, 1))) { "Message 1" }
        a(.href(router.link(\.archive, 2))) { "Archived message 2" }
    }
}

private struct Message: ContentScreen {
    typealias Context = Int
    func body(_ id: Int, router: Router<Message>) -> some HTML { p { "Message \(id)" } }
}

@Suite("A transition the route table cannot see")
struct ComputedTransitionTests {
    @Test func itsPageAnswers500NamingTheScreenAndTheFix() async throws {
        let app = try Application(Window(Tabs { Navigation(Inbox(message: Push(Message()))) }))
        try await app.test { client in
            let page = try await client.get("/inbox")
            #expect(page.status == .internalServerError)
            #expect(page.text.contains("Inbox links to Message through a transition the route table never saw"))
            #expect(page.text.contains("stored properties"))
            #expect(!page.links.contains { $0.href == "/inbox" && $0.text == "Archived message 2" })
            let stored = try await client.get("/inbox/message/1")
            #expect(stored.status == .ok)
        }
    }
}
