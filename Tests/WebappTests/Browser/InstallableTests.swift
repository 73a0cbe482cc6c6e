import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

extension BrowserTests {
    /// The demo installs: Chromium's own installability check (the one behind its install
    /// button, `Page.getInstallabilityErrors`) finds nothing missing, signed out and signed in.
    @Suite("Installable")
    struct InstallableTests {
        static func installabilityErrors(_ client: TestClient) async throws -> [String] {
            try await client.installabilityErrors()
        }

        @Test func chromiumFindsTheDemoInstallable() async throws {
            try await Browser.test { client in
                try await client.get("/welcome")
                #expect(try await Self.installabilityErrors(client) == [])
                try await client.signIn(landingOn: "/feed/match/12", screen: "Match")
                #expect(try await Self.installabilityErrors(client) == [])
                let manifest = try await client.webDriverSession().devTools("Page.getAppManifest")
                #expect(manifest["url"]?.stringValue?.hasSuffix("/_webrouter/manifest.webmanifest") == true)
                #expect(manifest["errors"]?.arrayValue?.isEmpty == true)
            }
        }
    }
}
