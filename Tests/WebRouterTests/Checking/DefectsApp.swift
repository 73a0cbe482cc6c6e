import WebRouter

// A small app with six planted defects, for the state check's tests: each must be found with
// its reproducer, and nothing else reported.
//   1. Shelf links to /shelf/lost, which does not parse: a broken link.
//   2. Book fails (500) with the context 13, which Shelf links to.
//   3. Counter has a button without a name.
//   4. Counter has a field without a label.
//   5. Shelf.attic is declared but no page links to it.
//   6. About (a modal) has its own dismiss link, to the wrong URL.

enum DefectsApp {
    struct Failure: Error {}

    struct Shelf: ContentScreen {
        let title = "Shelf"
        var book: Push<Shelf, Book>
        var about: Present<Shelf, Navigation<About>>
        var attic: Push<Shelf, Attic>

        func body(_ context: Void, router: Router<Shelf>) -> some HTML {
            h1 { "Shelf" }
            ul {
                for id in [1, 2, 13] { li { a(.href(router.link(\.book, id))) { "Book \(id)" } } }
            }
            a(.href(router.link(\.about))) { "About the shelf" }
            a(.href("/shelf/lost")) { "Lost page" }
            img(.src("/cover.png"), .alt("A shelf of books"))
        }
    }

    struct Book: ContentScreen {
        typealias Context = Int
        func title(for id: Int) -> String { "Book \(id)" }
        /// Book 13 fails to load: a defect only one context shows.
        static func name(_ id: Int) throws -> String {
            if id == 13 { throw Failure() }
            return "Book \(id)"
        }

        func body(_ id: Int, router: Router<Book>) throws -> some HTML {
            let name = try Self.name(id)
            h1 { name }
            p { "A good read." }
        }
    }

    struct About: ContentScreen {
        let title = "About"
        func body(_ context: Void, router: Router<About>) -> some HTML {
            h1 { "About" }
            p { "Books, on a shelf." }
            a(.href("/shelf/book/2"), .rel("dismiss")) { "Done" }
        }
    }

    struct Attic: ContentScreen {
        let title = "Attic"
        func body(_ context: Void, router: Router<Attic>) -> some HTML {
            h1 { "Attic" }
        }
    }

    struct Counter: ContentScreen {
        let title = "Counter"
        func body(_ context: Void, router: Router<Counter>) -> some HTML {
            h1 { "Counter" }
            input(.type("text"), .name("note"))
            button(.type("button"), .class("icon")) {}
        }
    }

    static func make(appName: String = "Defects") throws -> Application {
        try Application(Window(Tabs {
            Navigation(Shelf(book: Push(Book()), about: Present(Navigation(About())), attic: Push(Attic())))
            Navigation(Counter())
        }), configuration: ApplicationConfiguration(appName: appName))
    }
}
