import Foundation
import Testing
import WebRouter
import WebRouterTesting

/// A typed form from its one declaration: the fields render with the constraints of their
/// rules, a submission decodes into the value, and an invalid one is a 422 with the form.
@Suite("Typed forms")
struct TypedFormTests {
    let inbox = BookingInbox()
    let app: Application
    init() throws { app = try TypedFormsApp.make(inbox: inbox) }

    @Test func fieldsRenderTheirKindsAndTheirRulesAsHTMLConstraints() async throws {
        try await app.test { client in
            let page = try await client.get("/")
            let html = page.text
            #expect(html.contains(#"<label for="field-name">Full &lt;name&gt;</label>"#))   // escaped
            #expect(html.contains(#"<p class="field-hint" id="field-name-hint">As on your passport</p>"#))
            #expect(html.contains(#"<input id="field-name" name="name" type="text" autocomplete="name" required maxlength="40" aria-describedby="field-name-hint">"#))
            #expect(html.contains(#"type="email" autocomplete="email" required"#))
            #expect(html.contains(#"type="password" autocomplete="new-password" minlength="8""#))
            #expect(html.contains(#"pattern="[a-z ]*""#))
            #expect(html.contains(#"<input id="field-nights" name="nights" type="number" inputmode="numeric" min="1" max="30" step="1" value="1">"#))
            #expect(html.contains(#"name="budget" type="number" inputmode="decimal" min="0" step="0.5""#))
            #expect(html.contains(#"name="check_in" type="date" required min="2030-01-01""#))
            #expect(html.contains(#"type="time" min="12:00" max="23:00""#))
            #expect(html.contains(#"type="datetime-local""#))
            #expect(html.contains(#"<input type="checkbox" id="field-terms" name="terms" required>"#))
            #expect(html.contains(#"<input type="radio" name="room" value="double" checked>"#))
            #expect(html.contains(#"<option value="" selected>Choose…</option>"#))
            #expect(html.contains(#"data-rules="custom""#))
            #expect(html.contains(#"type="file" accept="image/png,.pdf" data-rules="maxSize=1024""#))
            #expect(html.contains(#"<input type="hidden" name="version" value="3">"#))
            #expect(html.contains(#"enctype="multipart/form-data""#))
            let fields = try #require(page.state.forms.first).fields.map(\.name)
            #expect(fields.contains("extras") && fields.contains("check_in"))
        }
    }

    @Test func aValidSubmissionDecodesTrimmedTypedValuesAndRunsTheAction() async throws {
        try await app.test { client in
            try await client.get("/")
            try await client.fill("Full <name>", with: "  Ada Lovelace ")
            try await client.fill("E-mail", with: "ada@example.org")
            try await client.fill("Password", with: " secret 12")
            try await client.fill("Password again", with: " secret 12")
            try await client.fill("Notes", with: "Line one\nLine two ")
            try await client.fill("Nights", with: "3")
            try await client.fill("Budget", with: "120.5")
            try await client.fill("Check-in date", with: "2030-05-01")
            try await client.fill("Arrival time", with: "18:30")
            try await client.check("I accept the terms")
            try await client.choose("Suite")
            try await client.select("Single", from: "View")
            try await client.check("Parking")
            try await client.attach(TestFile(name: "p.pdf", contentType: "application/pdf", contents: Array("%PDF".utf8)), to: "Passport scan")
            try await client.press("Book")
            try client.expect(url: "/")
            let booking = try #require(await inbox.received.last)
            #expect(booking.name == "Ada Lovelace")
            #expect(booking.password == " secret 12")         // passwords are never trimmed
            #expect(booking.notes == "Line one\nLine two")    // CR LF back to \n, trimmed
            #expect(booking.nights == 3 && booking.budget == Decimal(string: "120.5"))
            #expect(booking.checkIn == Day(year: 2030, month: 5, day: 1))
            #expect(booking.arrival == TimeOfDay(hour: 18, minute: 30))
            #expect(booking.terms && booking.room == .suite && booking.view == .single && booking.extras == [.parking])
            #expect(booking.passport?.filename == "p.pdf" && booking.version == 3 && booking.website == nil)
        }
    }

    @Test func anInvalidSubmissionIsA422WithTheFormAsTypedAndTheActionNeverRuns() async throws {
        try await app.test { client in
            try await client.get("/")
            let page = try await client.post("/", form: [
                ("_action", "book"), ("_csrf", try csrf(client)), ("name", "Ada"), ("email", "not an address"),
                ("nights", "40"), ("budget", "1.25"), ("check_in", "2029-12-31"), ("arrival", "noon"), ("view", "suite"),
                ("extras", "spa"), ("search", "Kingsbridge United"), ("password", "short"), ("notes", "<b>hi</b>"),
            ])
            #expect(page.status.code == 422)
            #expect(await inbox.received.isEmpty)
            let form = try #require(page.state.forms.first)
            func error(_ name: String) -> String? { form.fields.first { $0.name == name }?.error }
            #expect(error("email") == "Enter an e-mail address, like name@example.com.")
            #expect(error("nights") == "Use a value from 1 to 30.")
            #expect(error("budget") == "Use a multiple of 0.5.")
            #expect(error("check_in") == "Use 2030-01-01 or more.")
            #expect(error("arrival") == "Enter a time, like 09:30.")
            #expect(error("terms") == "Accept the terms.")
            #expect(error("view") == "No suite views.")
            #expect(error("extras") == "Choose from the list.")
            #expect(error("search") == "Use a–z and spaces.")
            #expect(error("password") == "Use at least 8 characters.")
            #expect(error("name") == nil)
            // What the person typed is kept (escaped), passwords are not.
            #expect(form.fields.first { $0.name == "nights" }?.value == "40")
            let password = form.fields.first { $0.name == "password" }?.value ?? ""
            #expect(password.isEmpty)
            #expect(page.text.contains("&lt;b&gt;hi&lt;/b&gt;"))
            #expect(page.text.contains(#"aria-invalid="true" aria-describedby="field-nights-error""#))
        }
    }

    @Test func aCrossFieldRuleRunsOnceEveryFieldIsValid() {
        var booking = Booking()
        booking.name = "Ada"; booking.email = "a@b.c"; booking.checkIn = Day(year: 2030, month: 2, day: 2); booking.terms = true
        booking.password = "long enough"; booking.confirmation = "different!"
        guard case .failure(let errors) = Booking.validate(booking.submission) else { Issue.record("valid"); return }
        #expect(errors.fields == ["confirmation": "The two passwords differ."])
        booking.confirmation = booking.password
        #expect((try? Booking.validate(booking.submission).get()) == booking)
    }

    @Test func aFileOverItsLimitOrOfAnotherTypeIsAnErrorOnTheField() {
        var form = Booking().submission
        form.files = [FormFile(name: "passport", filename: "p.png", contentType: "image/png", bytes: Array(repeating: 0, count: 2000))]
        guard case .failure(let errors) = Booking.validate(form) else { Issue.record("valid"); return }
        #expect(errors["passport"] == "Choose a file of at most 1 KB.")
        form.files = [FormFile(name: "passport", filename: "p.gif", contentType: "image/gif", bytes: [1])]
        guard case .failure(let again) = Booking.validate(form) else { Issue.record("valid"); return }
        #expect(again["passport"] == "Choose a file of type image/png, .pdf.")
    }

    @Test(arguments: [TestClient.Mode.inProcess, .live])
    func anUploadOverTheFormsLimitIsA422OnTheFileField(_ mode: TestClient.Mode) async throws {
        try await app.test(mode) { client in
            try await client.get("/")
            try await client.fill("Full <name>", with: "Ada")
            try await client.attach(TestFile(name: "scan.pdf", contentType: "application/pdf", contents: Array(repeating: 7, count: 100_000)),
                                    to: "Passport scan")
            let page = try await client.press("Book")
            try page.expect(status: 422, screen: "Hotel")   // the page in its chrome, the form on it
            let passport = page.state.forms.first?.fields.first { $0.name == "passport" }
            #expect(passport?.error == "Choose a smaller file: this form takes at most 64 KB in all.")
            #expect(page.state.forms.first?.fields.first { $0.name == "name" }?.value == "Ada")   // the rest is kept
            #expect(await inbox.received.isEmpty)
        }
    }

    @Test func validatingOnlyAnswersTheMessagesAndNeverRunsTheAction() async throws {
        try await app.test { client in
            try await client.get("/")
            let page = try await client.post("/", form: [
                ("_action", "book"), ("_csrf", try csrf(client)), ("_validate", "nights"), ("nights", "0"),
            ])
            #expect(page.status.code == 422)
            #expect(page.state.forms.first?.fields.first { $0.name == "nights" }?.error == "Use a value from 1 to 30.")
            var valid = Booking()
            valid.name = "Ada"; valid.email = "a@b.c"; valid.checkIn = Day(year: 2030, month: 2, day: 2); valid.terms = true
            try await client.get("/")
            let fine = try await client.post("/", form: [("_action", "book"), ("_csrf", try csrf(client)), ("_validate", "name")]
                                                + valid.submission.fields.map { ($0.name, $0.value) })
            #expect(fine.status.code == 200)
            let forged = try await client.post("/", form: [("_action", "book"), ("_csrf", "forged"), ("_validate", "nights"), ("nights", "0")])
            #expect(forged.status.code == 403)   // the CSRF token is checked as for a submit
            #expect(await inbox.received.isEmpty)
        }
    }

    private func csrf(_ client: TestClient) throws -> String {
        try #require(client.page?.state.forms.first?.fields.first { $0.name == "_csrf" }?.value)
    }
}

/// One URL per state: a space in a query is `+`, as browsers' GET forms write it; the app
/// prints it so and answers the `%20` spelling with a 308 to it.
@Suite("Query spelling")
struct QuerySpellingTests {
    @Test func theAppPrintsPlusAndRedirectsPercent20ToIt() async throws {
        let app = try FormsApp.make()
        try await app.test { client in
            client.followsRedirects = false
            let redirect = try await client.get("/catalog?sort=oldest&note=a%20b%20c")
            #expect(redirect.status.code == 308)
            #expect(redirect.location == "/catalog?sort=oldest&note=a+b+c")
            let page = try await client.get("/catalog?sort=oldest&note=a+b+c")
            #expect(page.status.code == 200)
        }
        #expect(QueryItems([("q", "Kingsbridge United")]).encoded == "q=Kingsbridge+United")
        #expect(QueryItems([("q", "1+1 = 2")]).encoded == "q=1%2B1+%3D+2")
    }
}
