import WebRouter

// A small app whose pages hold every kind of form control, for the kit's tests of filling
// forms by label: what the server received is kept in an FormInbox the tests read.

actor FormInbox {
    private(set) var received: [FormData] = []
    func record(_ form: FormData) { received.append(form) }
}

struct AccountForm: ContentScreen {
    enum Action: String, ScreenAction { case save, upload }
    let inbox: FormInbox
    var help: Present<AccountForm, Guide>
    let title = "Account"
    func body(_ context: Void, router: Router<AccountForm>) -> some HTML {
        h1 { "Account" }
        a(.href(router.link(\.help))) { "Guide" }
        router.form(.save) {
            router.field("username", label: "Username", .autofocus)
            label(.for("bio")) { "Bio" }
            textarea(.id("bio"), .name("bio")) { "\nHello" }
            label { input(.type("checkbox"), .name("news"), .value("yes"), .checked); "Newsletter" }
            label { input(.type("checkbox"), .name("tags"), .value("a")); "Tag A" }
            label { input(.type("checkbox"), .name("tags"), .value("b")); "Tag B" }
            fieldset {
                legend { "Plan" }
                label { input(.type("radio"), .name("plan"), .value("free"), .checked); "Free" }
                label { input(.type("radio"), .name("plan"), .value("pro")); "Pro" }
            }
            label(.for("team")) { "Team" }
            select(.id("team"), .name("team")) {
                option(.value("1")) { "Albion" }
                option(.value("2"), .selected) { "Westmoor" }
                option(.value("3"), .disabled) { "Closed" }
            }
            label(.for("locked")) { "Locked" }
            input(.id("locked"), .type("text"), .name("locked"), .value("x"), .disabled)
            button(.type("submit")) { "Save" }
            button(.type("submit"), .formaction("?preview=1"), .custom(name: "formmethod", value: "get"), .name("mode"), .value("preview")) { "Preview" }
            button(.type("submit")) { "Save copy" }
        }
        router.form(.upload, .enctype("multipart/form-data")) {
            label(.for("crest")) { "Crest" }
            input(.id("crest"), .type("file"), .name("crest"))
            button(.type("submit")) { "Upload" }
        }
    }
    func perform(_ action: Action, form: FormData, router: Router<AccountForm>) async throws -> ActionResult {
        await inbox.record(form)
        return .move(to: router.url)
    }
}

struct Guide: ContentScreen {
    let title = "Guide"
    func body(_ context: Void, router: Router<Guide>) -> some HTML {
        p { "Fields are filled by their labels." }
    }
}

struct Catalog: ContentScreen {
    enum Sort: String, CaseIterable, URLContext { case newest, oldest }
    struct Query: ScreenQuery {
        var sort: Sort = .newest
        static let fields: [QueryField<Query>] = [.init("sort", \.sort)]
    }
    let title = "Catalog"
    func body(_ context: Void, router: Router<Catalog>) -> some HTML {
        h1 { "Catalog" }
        router.picker(\.sort, label: "Sort") { $0.rawValue.capitalized }
        p { "Sorted by \(router.query.sort.rawValue)" }
        ul {
            li { a(.href("/catalog?sort=oldest")) { "Same place" } }
            li { a(.href("/account-form"), .custom(name: "data-testid", value: "to-preferences")) { "Account" } }
            li { a(.href("/account-form")) { "Account again" } }
        }
    }
}

enum FormsApp {
    static func make(inbox: FormInbox = FormInbox()) throws -> Application {
        var configuration = ApplicationConfiguration(appName: "Forms", secret: AppSecret(passphrase: String(repeating: "forms secret ", count: 4))!)
        configuration.logger.logLevel = .critical
        return try Application(Window(Tabs { Navigation(AccountForm(inbox: inbox, help: Present(Guide()))); Navigation(Catalog()) }),
                               configuration: configuration)
    }
}
