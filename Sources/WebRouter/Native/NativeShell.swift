import WebRouterHTML
/// How a page knows it is shown by a native shell that draws its own tab bar and navigation
/// bar: Hotwire Native's web views name themselves in the user agent (`Hotwire Native iOS;`,
/// `Hotwire Native Android;`, and `Turbo Native` for older shells). Such pages carry
/// `<html class="native-shell">`, and the chrome's stylesheet hides the web tab bar and
/// breadcrumbs under it; every link and landmark stays in the document.
/// ```swift
/// NativeShell.isNativeShell(userAgent: "Mozilla/5.0 … Hotwire Native iOS; bridge-components: []")   // true
/// ```
enum NativeShell {
    /// The class on `<html>` of a page shown in a native shell.
    static let htmlClass: StaticString = "native-shell"

    /// Whether a user agent is a Hotwire (or Turbo) Native web view.
    static func isNativeShell(userAgent: String) -> Bool {
        userAgent.contains("Hotwire Native") || userAgent.contains("Turbo Native")
    }
}
