import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP
import WebRouterTesting

/// RFC 9110's method semantics per resource, over the live server: `Allow` says what each
/// page really answers, `OPTIONS` is `204`, an unknown method `501`, and `HEAD` agrees with `GET`.
@Suite("Method semantics per resource")
struct MethodSemanticsTests {
    /// Signs in as "ada", then runs the body.
    func signedIn(_ body: (TestClient) async throws -> Void) async throws {
        try await NotesApp.make().test(.live) { client in
            try await client.get("/sign-in")
            try await client.fill("Username", with: "ada")
            try await client.press("Sign in").expect(screen: "Notes")
            try await body(client)
        }
    }

    @Test func everyRefusedMethodGetsTheAllowOfItsPage() async throws {
        try await signedIn { client in
            let withoutActions = try await client.request(.put, "/notes")
            try withoutActions.expect(status: 405)
            #expect(withoutActions.headers["Allow"] == "GET, HEAD")
            #expect(withoutActions.has(.role(.heading, level: 1)), "a readable page")
            let withActions = try await client.request(.delete, "/profile")
            try withActions.expect(status: 405)
            #expect(withActions.headers["Allow"] == "GET, HEAD, POST")
        }
    }

    @Test func optionsAnswers204WithTheSameAllow() async throws {
        try await signedIn { client in
            let notes = try await client.request(.options, "/notes")
            #expect(notes.status == .noContent)
            #expect(notes.headers["Allow"] == "GET, HEAD")
            #expect(notes.body.isEmpty)
            let profile = try await client.request(.options, "/profile")
            #expect(profile.status == .noContent)
            #expect(profile.headers["Allow"] == "GET, HEAD, POST")
        }
    }

    @Test func aPostToAScreenWithoutActionsIs405EvenWithAValidToken() async throws {
        try await signedIn { client in
            let profile = try await client.get("/profile")
            let token = try #require(profile.forms.first?["_csrf"])
            let post = try await client.post("/notes", form: [("_csrf", token), ("_action", "x")])
            try post.expect(status: 405)
            #expect(post.headers["Allow"] == "GET, HEAD")
        }
    }

    @Test(arguments: ["FOO", "BREW", "PROPFIND"])
    func aMethodTheServerDoesNotKnowIs501WithAPage(method: String) async throws {
        try await signedIn { client in
            let response = try await client.request(HTTPMethod(rawValue: method), "/notes")
            try response.expect(status: 501, text: "does not implement the method \(method)")
            #expect(response.headers["Allow"] == nil)
        }
    }

    @Test func headAndGetAgreeOnStatusAndHeaders() async throws {
        try await signedIn { client in
            let get = try await client.get("/notes/note/2")
            let head = try await client.request(.head, "/notes/note/2")
            #expect(head.status == get.status)
            #expect(head.body.isEmpty)
            let ignored: Set<String> = ["date", "set-cookie", "x-request-id"]  // per request, like Date
            func names(_ page: TestPage) -> [String: String] {
                var fields: [String: String] = [:]
                for (name, value) in page.headers where !ignored.contains(name.lowercased()) {
                    fields[name.lowercased()] = value
                }
                return fields
            }
            #expect(names(head) == names(get))
        }
    }
}
