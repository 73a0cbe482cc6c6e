import Foundation
import Testing
import WebRouter
import WebRouterTesting
import TravelApp

/// Travel installs on a phone: its manifest names it and lists its own icons, and in headless
/// Chromium the browser's own installability check (the one behind its install button) finds
/// nothing missing, signed out and signed in. Without Chromium the browser test is skipped
/// with the reason.
@Suite struct InstallableTests {
    @Test func theManifestNamesTravelAndItsOwnIcons() async throws {
        let app = try TravelApp.make(secret: .random())
        try await app.test(.inProcess) { client in
            let page = try await client.get("/welcome")
            #expect(page.text.contains(#"<link rel="manifest" href="/_webrouter/manifest.webmanifest">"#))
            let manifest = try await client.request(.get, "/_webrouter/manifest.webmanifest")
            try manifest.expect(status: 200)
            struct Manifest: Decodable {
                struct Icon: Decodable { let src: String; let sizes: String }
                let short_name: String
                let description: String
                let icons: [Icon]
            }
            let parsed = try JSONDecoder().decode(Manifest.self, from: Data(manifest.text.utf8))
            #expect(parsed.short_name == "Travel")
            #expect(parsed.description == "Plan trips with friends.")
            #expect(parsed.icons.map(\.sizes) == ["any", "192x192", "512x512"])
            #expect(parsed.icons.allSatisfy { $0.src.contains("/travel-icon") }, "Travel's own icons, not the framework's")
            let png = try #require(page.document.first { $0.tag == "link" && $0["rel"] == "apple-touch-icon" }?["href"])
            #expect(png.contains("travel-icon-192."))
            let served = try await client.request(.get, png)
            try served.expect(status: 200)
            #expect(served.headers["Content-Type"] == "image/png")
        }
    }

    @Test func chromiumFindsTravelInstallable() async throws {
        let app = try TravelApp.make(secret: .random())
        try await app.test(.browser) { client in
            try await client.get("/welcome")
            #expect(try await client.installabilityErrors() == [])
            try await client.get("/trips/trip/3")
            try await client.click(.link("Sign in"))
            try await client.fill("Name", with: "Ada")
            try await client.press("Sign in")
            try client.expect(url: "/trips/trip/3", screen: "TripDetail")
            #expect(try await client.installabilityErrors() == [])
        }
    }
}
