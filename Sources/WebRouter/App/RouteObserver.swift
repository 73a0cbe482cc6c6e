import WebRouterHTML
/// An app-level hook told of every move and, unless it declines them, every screen view
/// (SwiftfulRouting's `RoutingLogger`, VDFlow's `StepsObserver`), for analytics or logs.
///
/// ```swift
/// struct LogObserver: RouteObserver {
///     let logger: Logger
///     func screenViewed(_ view: ScreenView) { logger.info("view \(view.screen) at \(view.url)") }
///     func moved(_ move: RouteMove) { logger.info("\(move.action): \(move.from) → \(move.to)") }
/// }
/// configuration.observers = [LogObserver(logger: logger)]
/// ```
/// Observers are called on the request's task after the page or redirect is ready; keep
/// them quick, or hand work to a task of your own.
public protocol RouteObserver: Sendable {
    /// Whether to tell this observer of screen views. `false` skips building the
    /// ``ScreenView`` of each page for it (an observer of moves only, or a log whose level
    /// drops views). Asked for each page; `true` unless implemented.
    var observesScreenViews: Bool { get }
    /// A page of a state was rendered.
    func screenViewed(_ view: ScreenView)
    /// An action moved the visitor from one URL to another.
    func moved(_ move: RouteMove)
}

extension RouteObserver {
    /// `true`: the observer is told of every screen view.
    public var observesScreenViews: Bool { true }
    /// Does nothing, for observers of moves only.
    public func screenViewed(_ view: ScreenView) {}
    /// Does nothing, for observers of screen views only.
    public func moved(_ move: RouteMove) {}
}

/// A rendered state: its URL, the topmost screen, and every screen shown (bottom to top).
public struct ScreenView: Sendable, Equatable {
    /// The canonical URL of the state, as the router prints it (`/feed/match/12`).
    public let url: String
    /// The topmost screen's type name (`Match`), the page's `<body data-screen>`.
    public let screen: String
    /// The type names of the screens shown, the base layer's first, the top modal's last.
    public let layers: [String]
    /// The page's HTTP status code (`200`, or `422` for a form that failed validation).
    public let status: Int
    /// The title of the alert open on the top screen, if any.
    public var alert: String? = nil
}

/// A move made by an action: from the URL posted to, to the URL redirected to.
public struct RouteMove: Sendable, Equatable {
    /// The URL of the state the action was posted to.
    public let from: String
    /// The URL the visitor was redirected to (`303 See Other`).
    public let to: String
    /// The screen action that made it.
    public let action: String
    /// The type name of the screen whose action ran.
    public let screen: String
}
