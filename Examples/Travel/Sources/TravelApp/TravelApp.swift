import WebRouter

/// Signed out: the welcome screen and its sign-in sheet (`/welcome`, `/welcome/~sign-in`).
public struct Welcome: ContentScreen {
    public let title = "Welcome"
    var signIn: Present<Welcome, Navigation<SignIn>>
    public func body(_ context: Void, router: Router<Welcome>) -> some HTML {
        h1 { "Trips worth taking" }
        p(.class("welcome-pitch")) { "Sign in to see your trips." }
        a(.href(router.link(\.signIn))) { "Sign in" }
    }
}

/// The sign-in sheet: any name signs in, an empty one is refused with `422`. Its form is a
/// typed ``Form``: the field, its label and its rule are declared once.
public struct SignIn: ContentScreen {
    public enum Action: String, ScreenAction { case signIn = "sign-in" }
    /// What the sheet asks: a name, trimmed, required.
    struct Credentials: Form {
        var name = ""
        static let fields: [Field<Credentials>] = [
            .text("name", \.name, label: "Name", autocomplete: "name", .required("Enter your name.")),
        ]
    }
    public let title = "Sign in"
    public func body(_ context: Void, router: Router<SignIn>) -> some HTML {
        router.form(.signIn, Credentials()) { fields in
            fields
            button(.type("submit")) { "Sign in" }
        }
    }
    public func perform(_ action: Action, form: FormData, router: Router<SignIn>) async throws -> ActionResult {
        try await router.validate(Credentials.self, form) { credentials in
            router.request.updateSession { $0["user"] = credentials.name }
            // The page the person wanted before signing in: the framework kept it on every move.
            return .move(to: router.request.nextURL ?? "/trips")
        }
    }
}

/// Signed in: the trips tab, a list → a trip (`/trips/trip/3`).
public struct Trips: ContentScreen {
    public let title = "Trips"
    public let tabIcon: String? = "🧳"
    var trip: Push<Trips, TripDetail>
    public func body(_ context: Void, router: Router<Trips>) -> some HTML {
        h1 { "Your trips, \(router.request.session["user"] ?? "")" }
        ul(.class("trips")) { for (id, name) in TravelApp.trips { li { a(.href(router.link(\.trip, id))) { name } } } }
    }
}

/// One trip: the deep screen a signed-out link points at.
public struct TripDetail: ContentScreen {
    public typealias Context = Int
    public func title(for context: Int) -> String { TravelApp.trips.first { $0.id == context }?.name ?? "Trip" }
    public func body(_ id: Int, router: Router<TripDetail>) throws -> some HTML {
        let trip = try TravelApp.trips.first(where: { $0.id == id }) ?? { throw HTTPError.notFound("No trip \(id).") }()
        h1 { trip.name }
        p { "Booked for \(router.request.session["user"] ?? "you")." }
    }
}

/// The profile tab.
public struct Profile: ContentScreen {
    public let title = "Profile"
    public let tabIcon: String? = "👤"
    public func body(_ context: Void, router: Router<Profile>) -> some HTML {
        h1 { router.request.session["user"] ?? "" }
    }
}

/// The whole app: a window that picks the signed-out or the signed-in case per request.
public enum TravelApp {
    static let trips: [(id: Int, name: String)] = [(1, "Lisbon"), (2, "Kyoto"), (3, "Reykjavík")]

    /// The tree: `/welcome` (→ `/welcome/~sign-in`) signed out; `/trips` (→ `/trips/trip/3`)
    /// and `/profile` signed in.
    public static func window() -> Window {
        Window(selecting: { $0.session["user"] == nil ? 0 : 1 }) {
            Navigation(Welcome(signIn: Present(Navigation(SignIn()))))
            Tabs {
                Navigation(Trips(trip: Push(TripDetail())))
                Navigation(Profile())
            }
        }
    }

    /// The application.
    public static func make(secret: AppSecret = AppSecret.fromEnvironment().secret) throws -> Application {
        var configuration = ApplicationConfiguration(appName: "Travel", secret: secret)
        // Its own stylesheet, compiled in, and the brand's green: one line.
        configuration.layout = PageLayout(stylesheets: ["travel.css"], theme: Theme(accent: .hex("#0a7d4f")), assets: AppAssets(["travel.css": PackageResources.travel_css]))
        // Installable on a phone's home screen: its names and its own icon, an SVG for the
        // browsers that take one and the PNGs Chromium's install check and iOS ask for.
        configuration.layout.icon = "travel-icon.svg"
        configuration.layout.assets = AppAssets([
            "travel.css": PackageResources.travel_css,
            "travel-icon.svg": PackageResources.travel_icon_svg,
            "travel-icon-192.png": PackageResources.travel_icon_192_png,
            "travel-icon-512.png": PackageResources.travel_icon_512_png,
        ])
        configuration.installable.shortName = "Travel"
        configuration.installable.description = "Plan trips with friends."
        configuration.installable.icons = [
            AppIcon("travel-icon.svg", sizes: "any"),
            AppIcon("travel-icon-192.png", sizes: "192x192"),
            AppIcon("travel-icon-512.png", sizes: "512x512"),
        ]
        return try Application(window(), configuration: configuration)
    }
}
