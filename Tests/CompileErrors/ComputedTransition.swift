// A transition written as a computed property: reflection cannot see it, so the route table
// never does, and linking it is a compile-time error naming the fix (not a 500 at request time).
import WebRouter

struct Catalog: ContentScreen {
    var detail: Push<Catalog, Item> { Push(Item()) }      // wrong: not a stored property
    func body(_ context: Void, router: Router<Catalog>) -> some HTML {
        a(.href(router.link(\.detail, 1))) { "Item 1" }   // error: 'link' is unavailable: Declare transitions as stored `var` properties …
    }
}

struct Item: ContentScreen {
    typealias Context = Int
    func body(_ id: Int, router: Router<Item>) -> some HTML { p { "Item \(id)" } }
}

// The same in a deep link built from the root.
func deepLink(_ app: Application) -> String? {
    app.root().tab(Catalog.self)?.move(\.detail, 1).url     // error: 'move' is unavailable: Declare transitions as stored `var` properties …
}
