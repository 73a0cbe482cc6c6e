import Testing
import WebRouter
import WebRouterTesting

// A screen whose transition is a computed property, the trap a new user met: the route
// table cannot see it (it finds transitions among stored properties at start-up). A get-only
// one does not compile any more (Tests/CompileErrors); what still compiles reaches the
// runtime backstop: a computed property with a setter (its key path is writable), or a
// computed one linked as if it were universal.
private struct Inbox: ContentScreen {
    var message: Push<Inbox, Message>
    var archive: Push<Inbox, Message> {                        // computed: not in the tree
        get { Push(Message()) }
        set { message = newValue }
    }
    var forwarded: Push<Inbox, Message> { Push(Message()) }    // computed, and not universal

    func body(_ context: Void, router: Router<Inbox>) -> some HTML {
        a(.href(router.link(\.message, 1))) { "Message 1" }
        a(.href(router.link(\.archive, 2))) { "Archived message 2" }
        a(.href(router.link(universal: \.forwarded, 3))) { "Forwarded message 3" }
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
            try page.expect(status: 500, text: "Inbox links to Message through a transition the route table never saw")
            try page.expect(status: 500, text: "stored `var` properties")
            #expect(!page.links.contains { $0.href == "/inbox" && $0.name == "Archived message 2" })
            #expect(!page.links.contains { $0.href == "/inbox" && $0.name == "Forwarded message 3" })
            let stored = try await client.get("/inbox/message/1")
            #expect(stored.status == .ok)
        }
    }
}

/// The same trap in a deep link built from the root while a page renders: the page answers
/// 500 naming the fix, and the server keeps serving (it used to stop on a precondition).
private struct Home: ContentScreen {
    func body(_ context: Void, router: Router<Home>) -> some HTML {
        let deep = router.root().tab(Inbox.self)?.move(\.archive, 2).url ?? "none"
        a(.href(deep)) { "Archived message 2" }
    }
}

@Suite("A deep link along a transition the route table cannot see")
struct ComputedDeepLinkTests {
    @Test func itsPageAnswers500AndTheServerKeepsServing() async throws {
        let app = try Application(Window(Tabs {
            Navigation(Home())
            Navigation(Inbox(message: Push(Message())))
        }))
        try await app.test(.live) { client in
            let page = try await client.get("/home")
            try page.expect(status: 500, text: "Inbox links to Message through a transition the route table never saw")
            let next = try await client.get("/inbox/message/1")
            #expect(next.status == .ok)
        }
        let outside = app.root().tab(Inbox.self)?.move(\.archive, 2)
        #expect(outside?.url == "#unknown-transition")
        #expect(app.root().tab(Inbox.self)?.move(\.message, 2).url == "/inbox/message/2")
    }
}
