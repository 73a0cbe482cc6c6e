import WebRouterHTML
/// How a content screen is shown where it is placed in the tree.
///
/// Containers and `configContent` hooks adjust it once, at start-up:
/// ```swift
/// AnySearchFilter()
///     .navigation()
///     .configContent { $0.classes.append("toolbar-visible") }
///     .present()
/// ```
public struct ScreenPresentation: Sendable, Equatable {
    /// The screen starts a navigation stack (its layer shows a breadcrumb).
    public var isNavigationStack = false
    /// Replaces the screen's title (breadcrumb, `<title>`) at this place.
    public var title: String?
    /// CSS classes added to the screen's layer.
    public var classes: [String] = []
    /// Whether the layer's breadcrumb is shown (a navigation stack's bar can be hidden).
    public var showsBreadcrumb = true
    /// A tab's label when the screen is the root of a tab (by default the root's `title`).
    public var tabLabel: String?
    /// A tab's icon (an emoji or a character) when the screen is the root of a tab.
    public var tabIcon: String?
    /// The URL name of a tab or a window case (defaults to the kebab-cased type name).
    public var routeName: String?
    /// Showing the screen here, and every screen reached from it, needs a signed-in person:
    /// signed out, its URL presents the app's sign-in (see <doc:SignInPerScreen>).
    /// `.requiresSignIn()` sets it where the screen is placed; a screen that always needs one
    /// sets it in its own `configure(_:)`:
    /// ```swift
    /// func configure(_ presentation: inout ScreenPresentation) { presentation.requiresSignIn = true }
    /// ```
    public var requiresSignIn = false
    /// The roles the signed-in person must all have to see the screen here and below
    /// (``SignInPolicy/roles`` tells a person's roles); a role implies ``requiresSignIn``.
    /// `.requiresSignIn(role: "admin")` adds one.
    public var requiredRoles: [String] = []
    /// The screen's fragment is the whole document: when the URL names this screen, its page
    /// is sent as the body renders it, without the chrome (no framework `<head>`, stylesheet or
    /// script, no header, tabs, breadcrumb or footer). For pages whose every byte someone else
    /// specifies, such as TechEmpower's Fortunes test; the body then writes the doctype and
    /// the `<html>` element itself, and the page still carries the security headers. A screen
    /// that fails is answered with the error page in the chrome, as any other.
    /// ```swift
    /// struct Receipt: ContentScreen {
    ///     func configure(_ presentation: inout ScreenPresentation) { presentation.isBareDocument = true }
    ///     func body(_ context: Void, router: Router<Receipt>) -> some HTML {
    ///         receiptDocument(lines: ["Tea", "Cake & cream"])   // `<!DOCTYPE html><html>…</html>`
    ///     }
    /// }
    /// ```
    /// (Written outside the screen, the document's builder reads `title` and `body` as the
    /// elements rather than the screen's members; see <doc:ScreensAndTransitions>.)
    public var isBareDocument = false
    /// Raw, pre-rendered HTML placed before the screen's fragment; fill it with
    /// `prepend(_:)`, which escapes like every other HTML.
    public private(set) var before: [UInt8] = []
    /// Raw, pre-rendered HTML placed after the screen's fragment; fill it with `append(_:)`.
    public private(set) var after: [UInt8] = []

    /// The presentation of a plain screen: no stack, no extra classes, breadcrumb shown.
    public init() {}

    /// Renders `html` before the screen's fragment at this place.
    public mutating func prepend<H: HTML>(@HTMLBuilder _ html: () -> H) {
        var output = HTMLOutput(capacity: 256)
        html().render(into: &output)
        before += output.bytes
    }

    /// Renders `html` after the screen's fragment at this place.
    public mutating func append<H: HTML>(@HTMLBuilder _ html: () -> H) {
        var output = HTMLOutput(capacity: 256)
        html().render(into: &output)
        after += output.bytes
    }
}
