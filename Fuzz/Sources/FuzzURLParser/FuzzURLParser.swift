import WebRouter

// Fuzzes the URL side of WebRouter: request-target splitting and percent-decoding, the
// route table's parser over a tree with every kind of step and context, and printing back.
// A parsed URL must print to a URL that parses to the same state.

struct Home: ContentScreen {
    struct Query: ScreenQuery {
        var page: Int = 1
        var tags: Set<String> = []
        var text: String? = nil
        static let fields: [QueryField<Query>] = [.init("page", \.page), .init("tag", \.tags), .init("q", \.text)]
    }
    var item: Push<Home, Item>? = nil
    var sheet: Present<Home, Navigation<Item>>? = nil
    var named: Push<Home, Named>? = nil
    func body(_ context: Void, router: Router<Home>) -> some HTML { "" }
}
struct Item: ContentScreen {
    typealias Context = Int
    var next: Push<Item, Item>? = nil
    var named: Push<Item, Named>? = nil
    func body(_ context: Int, router: Router<Item>) -> some HTML { "" }
}
struct Named: ContentScreen {
    typealias Context = String
    var flag: Push<Named, Flagged>? = nil
    func body(_ context: String, router: Router<Named>) -> some HTML { "" }
}
struct Flagged: ContentScreen {
    typealias Context = Bool
    func body(_ context: Bool, router: Router<Flagged>) -> some HTML { "" }
}

let table: RouteTable = {
    let deep = Item(next: Push(Item(next: Push(Item()), named: Push(Named(flag: Push(Flagged()))))))
    let home = Home(item: Push(deep), sheet: Present(Navigation(deep)), named: Push(Named(flag: Push(Flagged()))))
    do {
        return try RouteTable(Window(Tabs { Navigation(home); Navigation(Home()).named("other") }))
    } catch {
        fatalError("fuzz tree: \(error)")
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let request = HTTPRequest(method: .get, path: text.hasPrefix("/") ? text : "/" + text)
    _ = request.pathSegments
    _ = request.query
    if let state = table.parse(path: text) {
        let printed = table.print(state)
        guard table.parse(path: printed) == state else {
            fatalError("print(parse(u)) does not parse back: \(text.debugDescription) → \(printed.debugDescription)")
        }
    }
    return 0
}
