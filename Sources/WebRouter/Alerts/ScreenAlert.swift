import WebRouterHTML
@_spi(WebRouterInternals) import WebRouterHTTP
/// The alerts and confirmation dialogs a screen can show, as an enum whose cases are
/// addressable in the query string (SwiftfulRouting's `showAlert`):
///
/// ```swift
/// struct Settings: ContentScreen {
///     enum Action: String, ScreenAction { case signOut = "sign-out" }
///     enum Alert: String, ScreenAlert {
///         case signOut = "sign-out"
///         static let parameter = "confirm"                 // /messages/~settings?confirm=sign-out
///     }
///     func alert(_ alert: Alert, router: Router<Settings>) -> AlertModel {
///         AlertModel(title: "Sign out?", message: "You can sign in again any time.", role: .confirmationDialog,
///                    actions: [router.alertButton("Sign out", action: .signOut, role: .destructive),
///                              router.cancelButton()],
///                    dismissHref: router.url)
///     }
///     // in body: a(.href(router.link(alert: .signOut))) { "Sign out" }
/// }
/// ```
/// The alert is a `<dialog role="alertdialog">` over the page; its buttons are links or
/// POST forms of the screen's actions. A value that names no alert redirects (308) to the
/// URL without it.
public protocol ScreenAlert: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// The query parameter that names the open alert; `alert` unless overridden.
    static var parameter: String { get }
}

extension ScreenAlert {
    public static var parameter: String { "alert" }
}

/// The alert type of screens that show none.
public enum NoAlert: String, ScreenAlert {
    /// The only value: never shown.
    case none = ""
}

extension ContentScreen where Alert == NoAlert {
    /// Never called: a screen without alerts has no value to show (an empty alert, for completeness).
    public func alert(_ alert: NoAlert, router: Router<Self>) -> AlertModel {
        AlertModel(title: "", actions: [], dismissHref: router.url)
    }
}

extension Router {
    /// The URL of this screen with one of its alerts open.
    public func link(alert: From.Alert) -> String {
        let bound = pathURL.utf8.count + querySuffix.utf8.count + URLWriter.queryPairBound(From.Alert.parameter, alert.rawValue)
        return URLWriter.make(upperBound: bound) {
            $0.write(pathURL)
            $0.write(querySuffix)
            $0.writeQueryPair(From.Alert.parameter, alert.rawValue, after: UInt8(ascii: querySuffix.isEmpty ? "?" : "&"))
        }
    }

    /// An alert button that posts one of this screen's actions (with the CSRF token); with a
    /// `value`, the action reads which button was pressed from ``FormData/alertValue``:
    /// ```swift
    /// actions: [router.alertButton("Keep mine", action: .resolve, value: "mine"),
    ///           router.alertButton("Keep both", action: .resolve, value: "both"),
    ///           router.cancelButton()]
    /// ```
    public func alertButton(_ label: String, action: From.Action, value: String? = nil,
                            role: AlertAction.Role = .default) -> AlertAction {
        AlertAction(label: label, kind: .post(action: action.rawValue, formAction: actionURL, hiddenFields: []),
                    role: role, value: value)
    }

    /// An alert button that follows a link (another screen, an external page).
    public func alertButton(_ label: String, href: String, role: AlertAction.Role = .default) -> AlertAction {
        AlertAction(label: label, kind: .link(href: href), role: role)
    }

    /// The button that closes the alert: a link to this screen without it.
    public func cancelButton(_ label: String = "Cancel") -> AlertAction {
        AlertAction(label: label, kind: .link(href: url), role: .cancel)
    }

    /// An alert with a title, a message and one OK button (`showBasicAlert`).
    public func basicAlert(title: String, message: String? = nil) -> AlertModel {
        AlertModel(title: title, message: message, actions: [cancelButton("OK")], dismissHref: url)
    }
}
