import WebRouter

// A small app for the enhancement script's tests (issue 32): a long board whose forms post
// back to it, a detail screen a form and a link lead to, and a screen whose load waits for
// the test. What the server was asked for is kept in a Tally the tests read.

/// What the server saw: pages rendered (and whether the browser fetched them ahead of a
/// move), and the posts of the board's add form.
actor Tally {
    private(set) var added = 0
    private(set) var renders: [(path: String, speculative: SpeculativeRequest?)] = []
    func add() { added += 1 }
    func saw(_ path: String, _ speculative: SpeculativeRequest?) { renders.append((path, speculative)) }
    func requests(for path: String) -> (visits: Int, speculative: Int) {
        let all = renders.filter { $0.path == path }
        return (all.filter { $0.speculative == nil }.count, all.filter { $0.speculative != nil }.count)
    }
}

/// A door a screen's load waits at until the test opens it: a slow page without sleeping.
actor SlowDoor {
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false
    private(set) var arrivals = 0
    func pass() async {
        arrivals += 1
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }
    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}

struct Board: ContentScreen {
    enum Action: String, ScreenAction { case add, leave, slowAdd = "slow-add" }
    let tally: Tally
    let door: SlowDoor
    var detail: Push<Board, Detail>
    var slow: Push<Board, SlowScreen>
    let title = "Board"
    func body(_ context: Void, router: Router<Board>) async throws -> some HTML {
        await tally.saw("/board", router.request.speculative)
        let added = await tally.added
        return AnyHTML {
            h1 { "Board" }
            p(.id("count")) { "Added \(added)" }
            details(.id("more")) {
                summary { "More" }
                p { "What the summary hides." }
            }
            label(.for("draft")) { "Draft" }
            input(.id("draft"), .type("text"), .name("draft"))
            ul {
                li { a(.href(router.link(\.detail))) { "Detail" } }
                li { a(.href(router.link(\.slow))) { "Slow page" } }
            }
            for line in 1...40 { p { "Line \(line) of a long board." } }
            router.form(.add, .id("add-form")) { button(.type("submit")) { "Add one" } }
            router.form(.leave) { button(.type("submit")) { "Open detail" } }
            router.form(.slowAdd, .id("slow-form")) { button(.type("submit")) { "Add slowly" } }
            for line in 41...80 { p { "Line \(line) of a long board." } }
        }
    }
    func perform(_ action: Action, form: FormData, router: Router<Board>) async throws -> ActionResult {
        switch action {
        case .add:
            await tally.add()
            return .move(to: router.url)
        case .leave:
            return .move(to: router.link(\.detail))
        case .slowAdd:
            await door.pass()
            await tally.add()
            return .move(to: router.url)
        }
    }
}

struct Detail: ContentScreen {
    let tally: Tally
    let title = "Detail"
    func body(_ context: Void, router: Router<Detail>) async throws -> some HTML {
        await tally.saw("/board/detail", router.request.speculative)
        return AnyHTML {
            h1 { "Detail" }
            p { "The board's detail." }
        }
    }
}

struct SlowScreen: ContentScreen {
    let door: SlowDoor
    let title = "Slow"
    func body(_ context: Void, router: Router<SlowScreen>) async throws -> some HTML {
        await door.pass()
        return p { "Worth the wait." }
    }
}

enum InPlaceApp {
    static func make(tally: Tally, door: SlowDoor = SlowDoor(), observer: (any RouteObserver)? = nil, prerenders: Bool = true) throws -> Application {
        var configuration = ApplicationConfiguration(appName: "Live", secret: AppSecret(passphrase: String(repeating: "live secret ", count: 4))!)
        configuration.logger.logLevel = .critical
        configuration.prerendersLinks = prerenders
        if let observer { configuration.observers = [observer] }
        let board = Board(tally: tally, door: door, detail: Push(Detail(tally: tally)).named("detail"),
                          slow: Push(SlowScreen(door: door)).named("slow"))
        return try Application(Window(Tabs { Navigation(board) }), configuration: configuration)
    }
}
