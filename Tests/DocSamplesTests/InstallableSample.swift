// InstallableAndNative.md: an app that installs on a phone, keeps visited pages offline and
// gives Hotwire Native its path configuration.
import Foundation
import Testing
import WebRouter
import WebRouterTesting

struct Trips: ContentScreen {
    let title = "Trips"
    var trip: Push<Trips, TripPage>                 // /trips/trip/3: pushed
    var newTrip: Present<Trips, NewTrip>            // /trips/~new-trip: a modal

    func body(_ context: Void, router: Router<Trips>) -> some HTML {
        a(.href(router.link(\.trip, 3))) { "Trip 3" }
        a(.href(router.link(\.newTrip))) { "New trip" }
    }
}

struct TripPage: ContentScreen {
    typealias Context = Int
    func title(for id: Int) -> String { "Trip \(id)" }
    func body(_ id: Int, router: Router<TripPage>) -> some HTML { p { "Trip \(id)" } }
}

struct NewTrip: ContentScreen {
    let title = "New trip"
    func body(_ context: Void, router: Router<NewTrip>) -> some HTML { p { "Where to?" } }
}

struct Profile: ContentScreen {
    let title = "Profile"
    func body(_ context: Void, router: Router<Profile>) -> some HTML { p { "You" } }
}

func makeTravelApp() throws -> Application {
    var configuration = ApplicationConfiguration(appName: "Travel")
    configuration.layout = PageLayout(theme: Theme(accent: .hex("#0a7d4f")))
    configuration.installable.shortName = "Travel"
    configuration.installable.description = "Plan trips with friends."
    return try Application(
        Window(Tabs {
            Navigation(Trips(trip: Push(TripPage()), newTrip: Present(NewTrip(), style: .sheet(detent: .medium))))
            Navigation(Profile())
        }),
        configuration: configuration)
}

func makeOnlineOnlyApp() throws -> Application {
    var configuration = ApplicationConfiguration(appName: "Travel")
    configuration.installable.serviceWorker = false   // no service worker, no offline pages
    return try Application(Window(Navigation(Profile())), configuration: configuration)
}

@Suite struct InstallableSampleTests {
    @Test func theManifestAndThePathConfiguration() async throws {
        let client = try TestClient(try makeTravelApp())
        let manifest = try await client.get("/_webrouter/manifest.webmanifest")
        #expect(manifest.text.contains("\"short_name\" : \"Travel\""))
        #expect(manifest.text.contains("\"theme_color\" : \"#0a7d4f\""))
        // No icons given: the framework's SVG and its 192 and 512 pixel PNGs.
        for size in ["192", "512"] {
            let src = try #require(manifest.text.split(separator: "\"").first { $0.hasPrefix("/_webrouter/icon-\(size).") })
            let png = try await client.get(String(src))
            #expect(png.headers["Content-Type"] == "image/png")
        }
        let paths = try await client.get("/_webrouter/path-configuration.json")
        #expect(paths.text.contains("\"patterns\" : [\n        \"^/trips/~new-trip(\\\\?.*)?$\""))
        #expect(paths.text.contains("\"modal_style\" : \"medium\""))
        let page = try await client.get("/trips")
        #expect(page.document.first { $0.tag == "link" && $0["rel"] == "manifest" } != nil)
        #expect(page.headers["WebRouter-Account"] == "public")
    }

    @Test func theWorkerCanBeTurnedOff() async throws {
        let client = try TestClient(try makeOnlineOnlyApp())
        let page = try await client.get("/")
        #expect(!page.scripts.contains { $0.contains("register-worker") })
        #expect(page.headers["WebRouter-Account"] == nil)
        let worker = try await client.get("/_webrouter/service-worker.js")
        #expect(worker.text.contains("self.registration.unregister()"))
    }
}
