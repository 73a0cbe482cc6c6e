// Samples of the DocC articles (see Scores.swift).
import Logging
import WebRouter

// MARK: - Flows

enum EditStep: String, FlowStep { case name, team, confirm }

struct ProfileEdit: ContentScreen {
    typealias Context = EditStep                    // the step is the screen's context
    enum Action: String, ScreenAction { case next }
    let title = "Edit profile"

    func body(_ step: EditStep, router: Router<ProfileEdit>) -> some HTML {
        p { "Step \(router.stepIndex + 1) of \(router.stepCount)" }
        router.form(.next) {
            switch step {
            case .name: router.field("name", label: "Name")
            case .team: router.field("team", label: "Team")
            case .confirm: p { "All set?" }
            }
            button(.type("submit")) { step == .confirm ? "Finish" : "Next" }
        }
        if let previous = router.previousStep { a(.href(previous)) { "Back" } }
    }

    func perform(_ action: Action, form: FormData, router: Router<ProfileEdit>) async throws -> ActionResult {
        .move(to: router.nextStepOrFinish)          // the next step, or out of the flow after the last
    }
}

struct Dashboard: ContentScreen {
    var edit: Present<Dashboard, Flow<ProfileEdit>>
    func body(_ context: Void, router: Router<Dashboard>) -> some HTML {
        a(.href(router.link(\.edit, .name))) { "Edit your profile" }   // "/dashboard/~edit/name"
    }
}

// MARK: - Modal styles and universal transitions

struct Share: ContentScreen {
    func body(_ context: Void, router: Router<Share>) -> some HTML {
        p { "Share this page" }
    }
}

extension ContentScreen {
    var share: Present<Self, Share> { Present(universal: "share") }
}

struct Gallery: ContentScreen {
    var photo: Present<Gallery, Photo>
    var help: Present<Gallery, Help>
    func body(_ context: Void, router: Router<Gallery>) -> some HTML {
        a(.href(router.link(\.photo, 1))) { "Photo 1" }              // "/gallery/~photo/1"
        a(.href(router.link(universal: \.share))) { "Share" }       // "/gallery/~share"
    }
}

struct Photo: ContentScreen {
    typealias Context = Int
    func body(_ id: Int, router: Router<Photo>) -> some HTML { p { "Photo \(id)" } }
}

struct Help: ContentScreen {
    func body(_ context: Void, router: Router<Help>) -> some HTML {
        ExternalLink("https://www.example.org/help", "The full manual")
    }
}

func makeGalleryWindow() -> Window {
    Window(Tabs {
        Gallery(
            photo: Present(Photo(), style: .fullScreenCover),
            help: Present(Help(), style: .sheet(detent: .medium)))
    })
    .universal(.present("share", Share(), style: .centered))
}

// MARK: - Configuration, layout, observers

struct LogObserver: RouteObserver {
    let logger: Logger
    func screenViewed(_ view: ScreenView) { logger.info("view \(view.screen) at \(view.url)") }
    func moved(_ move: RouteMove) { logger.info("\(move.action): \(move.from) → \(move.to)") }
}

func makeConfiguration() -> ApplicationConfiguration {
    let secret = AppSecret.fromEnvironment().secret                  // WEBROUTER_SECRET
    var configuration = ApplicationConfiguration(appName: "Scores", secret: secret)
    configuration.layout = PageLayout(
        stylesheets: ["/static/app.css"],           // from Public/app.css, after the framework's own
        header: { page in AnyHTML { a(.href("/"), .class("app-name")) { page.appName } } },
        footer: { _ in AnyHTML { small { "© Scores" } } })
    configuration.trustsForwardedProto = true       // behind a TLS proxy that sets X-Forwarded-Proto
    configuration.observers = [LogObserver(logger: Logger(label: "scores.routes"))]
    return configuration
}

func serveWithPublicFolder(app: Application) async throws {
    var server = ServerConfiguration(host: "0.0.0.0", port: 8080, publicDirectory: "Public")
    server.threadCount = 4
    server.logsRequests = false
    try await app.serve(server)
}
