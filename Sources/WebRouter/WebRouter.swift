/// WebRouter serves a typed screen tree as HTML pages.
///
/// An app declares its whole flow once, as a Swift value, in the spirit of ScreenUI:
/// ```swift
/// let app = Window(Tabs {
///     Navigation(Feed(match: Push(Match())))
///     Navigation(Search(user: Present(Navigation(Player()))))
/// })
/// ```
/// Every reachable state of that tree is a URL; each request is answered with a complete
/// HTML page rendered from that state by an embedded libmicrohttpd server.
public enum WebRouterInfo {
    /// The framework's version.
    public static let version = "0.1.0"
}
