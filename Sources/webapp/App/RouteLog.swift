import Logging
import WebRouter

/// Logs where visitors go with swift-log (label `scores.routes`): every screen view at
/// `debug`, every move an action makes at `info`.
///
/// ```swift
/// let app = try ScoresApp.application(data: try await DemoData.open(storage: storage), secret: secret, observers: [RouteLog()])
/// // info: move sign-out on Settings: /messages/~settings → /welcome
/// ```
struct RouteLog: RouteObserver {
    let logger: Logger

    init(logger: Logger = Logger(label: "scores.routes")) {
        self.logger = logger
    }

    /// Views are logged at `debug`: at a higher level the page's view is not even built.
    var observesScreenViews: Bool { logger.logLevel <= .debug }

    func screenViewed(_ view: ScreenView) {
        logger.debug("view \(view.screen) \(view.url) \(view.status)",
                     metadata: ["layers": .string(view.layers.joined(separator: " > "))])
    }

    func moved(_ move: RouteMove) {
        logger.info("move \(move.action) on \(move.screen): \(move.from) → \(move.to)")
    }
}
