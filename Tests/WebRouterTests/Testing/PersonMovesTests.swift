import Testing
import WebRouter
import WebRouterTesting

/// The kit's moves as a person makes them — fields by label, buttons and links by name,
/// Escape, history — and its failures: at the test's line, naming what the page has.
@Suite("Moves by label and name")
struct PersonMovesTests {
    let inbox = FormInbox()
    let app: Application
    init() throws { app = try FormsApp.make(inbox: inbox) }

    @Test(arguments: TestClient.Mode.allCases)
    func aFormIsSentAsABrowserSendsIt(_ mode: TestClient.Mode) async throws {
        try await app.test(mode) { client in
            try await client.get("/account-form")
            try await client.fill("Username", with: "ada")
            try await client.fill("Bio", with: "Line one\nLine two")
            try await client.uncheck("Newsletter")
            try await client.check("Tag A")
            try await client.check("Tag B")
            try await client.choose("Pro")
            try await client.select("Albion", from: "Team")
            try await client.press("Save")
            try client.expect(url: "/account-form", screen: "AccountForm")
            let form = try #require(await inbox.received.last)
            #expect(form["username"] == "ada")
            #expect(form["bio"] == "Line one\r\nLine two")   // line breaks sent as CR LF, as browsers do
            #expect(form["news"] == nil)                         // unchecked: not sent
            #expect(form.values(for: "tags") == ["a", "b"])     // a field sent twice
            #expect(form["plan"] == "pro")
            #expect(form["team"] == "1")
            #expect(form["locked"] == nil)                       // disabled: not sent
            #expect(form["_csrf"] != nil)
        }
    }

    @Test(arguments: TestClient.Mode.allCases)
    func untouchedFieldsKeepWhatThePageServed(_ mode: TestClient.Mode) async throws {
        try await app.test(mode) { client in
            try await client.get("/account-form")
            try await client.press("Save")
            let form = try #require(await inbox.received.last)
            #expect(form["bio"] == "Hello")       // the newline after <textarea> is not content
            #expect(form["news"] == "yes" && form["plan"] == "free" && form["team"] == "2")
            #expect(form.values(for: "tags").isEmpty)
        }
    }

    @Test(arguments: TestClient.Mode.allCases)
    func theSubmitterDecidesWhereAndHow(_ mode: TestClient.Mode) async throws {
        try await app.test(mode) { client in
            try await client.get("/account-form")
            try await client.fill("Username", with: "ada")
            let page = try await client.press("Preview")   // formaction="?preview=1" formmethod="get"
            #expect(page.method == "GET")
            #expect(page.url.hasPrefix("/account-form?"))
            #expect(page.url.contains("username=ada") && page.url.contains("mode=preview"))
            #expect(await inbox.received.isEmpty)
        }
    }

    @Test(arguments: TestClient.Mode.allCases)
    func aFileIsUploadedAsMultipart(_ mode: TestClient.Mode) async throws {
        try await app.test(mode) { client in
            try await client.get("/account-form")
            try await client.attach(TestFile(name: "crest.svg", contentType: "image/svg+xml", contents: Array("<svg/>".utf8)), to: "Crest")
            try await client.press("Upload")
            let form = try #require(await inbox.received.last)
            let file = try #require(form.files(named: "crest").first)
            #expect(file.filename == "crest.svg" && file.contentType == "image/svg+xml" && file.bytes == Array("<svg/>".utf8))
            #expect(form["_action"] == "upload")
        }
    }

    @Test(arguments: TestClient.Mode.allCases)
    func linksPickersModalsEscapeAndHistory(_ mode: TestClient.Mode) async throws {
        try await app.test(mode) { client in
            try await client.get("/catalog")
            try await client.choose("Oldest", in: "Sort")
            try client.expect(url: "/catalog?sort=oldest", screen: "Catalog", selectedTab: "Catalog", text: "Sorted by oldest")
            try await client.click(.testID("to-preferences"))
            try await client.click(.link("Guide"))
            try client.expect(screen: "Guide", modals: ["Guide"], text: "Fields are filled by their labels.")
            try await client.pressEscape()
            try client.expect(screen: "AccountForm", modals: [])
            try await client.goBack()
            try client.expect(screen: "Guide")
            try await client.goBack()
            try await client.goBack()
            try client.expect(url: "/catalog?sort=oldest")
            try await client.goForward()
            try client.expect(screen: "AccountForm")
            try await client.reload()
            try client.expect(screen: "AccountForm")
        }
    }

    @Test(arguments: TestClient.Mode.allCases)
    func scopesAndLocatorsFindWhatAPersonSees(_ mode: TestClient.Mode) async throws {
        try await app.test(mode) { client in
            let page = try await client.get("/account-form/~help")
            #expect(try page.element(.dialog("Guide")).role == "dialog")
            #expect(page.count(.role(.link).within(.navigation("Tabs"))) == 2)
            #expect(try page.element(.heading("Account", level: 1)).text == "Account")
            #expect(try page.element(.combobox("Team")).value == "2")
            #expect(try page.element(.checkbox("Newsletter")).isChecked)
            #expect(try page.element(.textbox("Locked")).isDisabled)
            #expect(!page.has(.text("Sorted by")))
            try await client.within(.dialog("Guide")) {
                #expect(try client.element(.text("filled by their labels")).node.tag == "p")
                try await client.click(.link("Close"))
            }
            try client.expect(modals: [])
        }
    }

    // MARK: - Failures, at the caller's line, naming the candidates

    @Test func aMisspelledFieldFailsAtTheCallersLineListingTheFields() async throws {
        try await app.test { client in
            try await client.get("/account-form")
            let line = #line + 2
            try await withKnownIssue {
                try await client.fill("Usernme", with: "ada")
            } matching: { issue in
                issue.sourceLocation?.line == line && Self.comment(issue).contains(#"no field labelled "Usernme""#)
                    && Self.comment(issue).contains(#"textbox "Username""#) && Self.comment(issue).contains("history: GET /account-form → 200")
            }
        }
    }

    @Test func aMissingOptionFailsListingTheOptions() async throws {
        try await app.test { client in
            try await client.get("/account-form")
            let line = #line + 2
            try await withKnownIssue {
                try await client.select("Stonehaven", from: "Team")
            } matching: { issue in
                issue.sourceLocation?.line == line && Self.comment(issue).contains(#"options: "Albion", "Westmoor", "Closed" (disabled)"#)
            }
            await withKnownIssue { try await client.select("Closed", from: "Team") }
            await withKnownIssue { try await client.fill("Locked", with: "y") }
            await withKnownIssue { try await client.fill("Newsletter", with: "y") }
        }
    }

    @Test func anAmbiguousLocatorFailsListingTheMatches() async throws {
        try await app.test { client in
            try await client.get("/catalog")
            let line = #line + 2
            try await withKnownIssue {
                try await client.click(.link("Account"))
            } matching: { issue in
                // "Account" is the tab and a link of the page: exactly matched twice.
                issue.sourceLocation?.line == line && Self.comment(issue).contains("2 elements match link \"Account\"")
                    && Self.comment(issue).contains("link \"Account\" → /account-form")
            }
            let expectLine = #line + 2
            try withKnownIssue {
                try client.expect(screen: "AccountForm")
            } matching: { issue in
                issue.sourceLocation?.line == expectLine && Self.comment(issue).contains(#"expected screen "AccountForm", found screen "Catalog""#)
                    && Self.comment(issue).contains("page text: ")
            }
        }
    }

    @Test func historyAtItsEndsIsAFailure() async throws {
        try await app.test { client in
            await withKnownIssue { try await client.goBack() }   // nothing visited yet
            try await client.get("/catalog")
            await withKnownIssue { try await client.goForward() }
            await withKnownIssue { try await client.pressEscape() }   // no layer open
        }
    }

    static func comment(_ issue: Issue) -> String {
        issue.comments.map(\.rawValue).joined(separator: "\n")
    }
}

/// Focus as a browser moves it: into an open dialog on load (the page's script), back to the
/// link that opened a layer after it is dismissed.
@Suite("Focus")
struct FocusTests {
    @Test func focusMovesIntoTheDialogAndBackToItsLink() async throws {
        let app = try FormsApp.make()
        try await app.test(.browser) { client in
            try await client.get("/account-form")
            try await client.click(.link("Guide"))
            try client.expect(modals: ["Guide"])
            let inDialog = try #require(try await client.focusedElement())
            #expect(inDialog.node.isInside(try client.element(.dialog("Guide")).node))
            try await client.pressEscape()
            #expect(try await client.focusedElement()?.name == "Guide")
        }
    }

    @Test func withoutABrowserTheAutofocusFieldHasFocus() async throws {
        let app = try FormsApp.make()
        try await app.test { client in
            try await client.get("/account-form")
            #expect(try await client.focusedElement()?.name == "Username")
            try await client.get("/catalog")
            #expect(try await client.focusedElement() == nil)
        }
    }
}

/// Pages read from HTML a test has, and the states of their elements.
@Suite("Pages from HTML")
struct HTMLPageTests {
    @Test func aPageFromHTMLReadsLikeAServedOne() throws {
        let page = TestPage(html: #"""
        <body data-screen="Form"><h1>Sign up</h1>
        <nav aria-label="Steps"><a href="/1">One</a><a href="/2" aria-current="step">Two</a></nav>
        <form><label for="e">E-mail</label><input id="e" name="email" required aria-invalid="true">
        <label>Code <input name="code" value="42" readonly></label><p>Check the form.</p></form></body>
        """#, url: "/signup")
        #expect(page.screen == "Form" && page.url == "/signup" && page.status.code == 200)
        #expect(page.description == "GET /signup → 200, screen Form")
        #expect(try page.element(.link("Two").within(.navigation("Steps"))).isCurrent)
        #expect(try !page.element(.link("One")).isCurrent)
        let email = try page.element(.textbox("E-mail"))
        #expect(email.isInvalid && email.isRequired && !email.isReadOnly)
        #expect(try page.element(.textbox("Code")).isReadOnly)
        #expect(try page.element(.role(.paragraph)).text == "Check the form.")
    }
}
