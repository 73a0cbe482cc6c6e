import Testing
import WebRouter
import WebRouterTesting
@testable import NotesApp

/// The framework's ready account screens, mounted in the app: registration, sign-in, sign-out
/// and password change, driven as a person would, in process.
@Suite struct AccountFlowTests {
    @Test func registeringSignsInToAnEmptyNotebookOfOnesOwn() async throws {
        try await Fixture.app().test { client in
            try await client.get("/home")
            try await client.click(.link("Create an account"))
            try client.expect(url: "/home/~register", screen: "RegistrationScreen")
            try await client.fill("Username", with: "Grace")
            try await client.fill("Password", with: "analytical engine")
            try await client.fill("Password again", with: "analytical engine")
            let page = try await client.press("Create account")
            try page.expect(url: "/notes", screen: "Notes", text: "No notes yet.")
            // Ada's notes are hers: not listed, and not readable by their URL.
            #expect(page.elements(.role(.link).within(.role(.list, name: "Your notes"))).isEmpty)
            #expect(try await client.get("/notes/note/1").status.code == 404)
            try await client.get("/home")
            try client.expect(text: "Signed in as grace.")
        }
    }

    @Test func aTakenUsernameIsRefusedWithAMessage() async throws {
        try await Fixture.app().test { client in
            try await client.get("/home/~register")
            try await client.fill("Username", with: "ADA")
            try await client.fill("Password", with: "another password")
            try await client.fill("Password again", with: "another password")
            let page = try await client.press("Create account")
            try page.expect(status: 422, screen: "RegistrationScreen")
        }
    }

    @Test func signingInShowsOnesNotesAndSigningOutLocksThemAgain() async throws {
        try await Fixture.app().test { client in
            var page = try await client.signIn()
            try page.expect(url: "/notes", screen: "Notes", text: "Groceries")

            page = try await client.get("/account")
            try page.expect(screen: "AccountTab", text: "Signed in as ada.")
            try await client.click(.link("Sign out"))
            page = try await client.press("Sign out")
            try page.expect(url: "/home", screen: "Home", text: "sign in to read and write them")

            // The notes are behind the sign-in again.
            page = try await client.get("/notes")
            try page.expect(url: "/notes", screen: "SignInScreen")
            #expect(!page.text.contains("Groceries"))
        }
    }

    @Test func aWrongPasswordIsRefused() async throws {
        try await Fixture.app().test { client in
            let page = try await client.signIn(password: "wrong password")
            try page.expect(status: 422, screen: "SignInScreen", text: "Wrong username or password.")
        }
    }

    @Test func changingThePasswordMakesTheOldOneWrong() async throws {
        try await Fixture.app().test { client in
            try await client.signIn()
            try await client.get("/account")
            try await client.click(.link("Change password"))
            try client.expect(screen: "ChangePasswordScreen")
            try await client.fill("Current password", with: Fixture.password)
            try await client.fill("New password", with: "a brand new one")
            try await client.fill("New password again", with: "a brand new one")
            let changed = try await client.press("Change password")
            try changed.expect(url: "/account", screen: "AccountTab")

            try await client.get("/account/sign-out")
            try await client.press("Sign out")
            let refused = try await client.signIn(password: Fixture.password)
            try refused.expect(status: 422, screen: "SignInScreen", text: "Wrong username or password.")
            let accepted = try await client.signIn(password: "a brand new one")
            try accepted.expect(url: "/notes", screen: "Notes", text: "Groceries")
        }
    }

    /// A link into a protected tab, opened signed out, keeps its address and presents the
    /// sign-in; after signing in the person is on that very page (the app writes no `next`).
    @Test func aSignedOutDeepLinkLandsThereAfterSignIn() async throws {
        try await Fixture.app().test { client in
            let page = try await client.get("/notes/note/2")
            try page.expect(url: "/notes/note/2", screen: "SignInScreen", selectedTab: "Notes")
            #expect(!page.text.contains("Tag, build, announce."))
            try await client.fill("Username", with: Fixture.username)
            try await client.fill("Password", with: Fixture.password)
            let landed = try await client.press("Sign in")
            try landed.expect(url: "/notes/note/2", screen: "NoteDetail", text: "Tag, build, announce.")
        }
    }

    @Test func aSignedOutPostRunsNothing() async throws {
        let data = try await Fixture.data()
        try await NotesApp.make(data: data, secret: .random()).test { client in
            let page = try await client.post("/notes/~compose", form: [("_action", "save"), ("title", "x"), ("tag", "home")])
            #expect(page.status.code == 403)
        }
        #expect(try await data.notes.all(of: Fixture.username).count == 4)
    }
}
