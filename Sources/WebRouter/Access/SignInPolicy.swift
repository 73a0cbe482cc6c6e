import WebRouterHTML
/// How the application tells who is signed in, what roles they have, and how the tab bar shows
/// the tabs a signed-out person cannot open yet: ``ApplicationConfiguration/signIn``.
///
/// Screens, tabs and subtrees declare that they need a signed-in person with
/// `.requiresSignIn()` (or `.requiresSignIn(role: "admin")`), and the window names the app's
/// sign-in screen with `Window.signIn(_:named:style:)`; this policy is the rest, set once:
/// ```swift
/// var configuration = ApplicationConfiguration(appName: "Notes")
/// configuration.signIn = SignInPolicy(
///     person: { $0.session["user"] },
///     roles: { _, request in Set((request.session["roles"] ?? "").split(separator: ",").map(String.init)) },
///     lockedTabs: .hidden)
/// ```
/// See <doc:SignInPerScreen>.
public struct SignInPolicy: Sendable {
    /// How the tab bar shows a tab that needs a signed-in person, to someone signed out.
    /// ```swift
    /// configuration.signIn.lockedTabs = .hidden
    /// ```
    public enum LockedTabs: Sendable, Equatable {
        /// Shown, with a lock and the accessible description "Sign-in required"; opening it
        /// presents the sign-in.
        case marked
        /// Left out of the bar until the person signs in.
        case hidden
    }

    /// The signed-in person of a request (an account name or id), or `nil` when nobody is
    /// signed in. Read from the session, which the ``ApplicationConfiguration/sessionRegistry``
    /// has already checked. By default the session's `user` entry.
    public var person: @Sendable (RequestContext) -> String?
    /// The roles of the signed-in person (the first argument), asked only when the tree has a
    /// screen that needs a role, at most once per request. A role screen is refused (`403`)
    /// when this throws (the error is logged). By default the comma-separated `roles` entry
    /// of the session.
    public var roles: @Sendable (_ person: String, _ request: RequestContext) async throws -> Set<String>
    /// How the tab bar shows tabs a signed-out person cannot open yet (marked by default).
    /// A tab that needs a role the signed-in person lacks is left out either way.
    public var lockedTabs: LockedTabs

    /// A policy reading the signed-in person and their roles with the given closures.
    /// ```swift
    /// SignInPolicy(person: { $0.session["account"] }, lockedTabs: .marked)
    /// ```
    public init(
        person: @escaping @Sendable (RequestContext) -> String? = { $0.session["user"] },
        roles: @escaping @Sendable (_ person: String, _ request: RequestContext) async throws -> Set<String> = { _, request in
            SignInPolicy.sessionRoles(request.session)
        },
        lockedTabs: LockedTabs = .marked
    ) {
        self.person = person
        self.roles = roles
        self.lockedTabs = lockedTabs
    }

    /// The roles the session's `roles` entry lists, comma-separated (`"admin,editor"`): what
    /// the default ``roles`` reads. A sign-in action that knows the account's roles stores them there.
    /// ```swift
    /// router.request.updateSession { $0["user"] = "ada"; $0["roles"] = "admin" }
    /// SignInPolicy.sessionRoles(router.request.session)   // ["admin"]
    /// ```
    public static func sessionRoles(_ session: Session) -> Set<String> {
        guard let list = session["roles"] else { return [] }
        return Set(list.split(separator: ",").map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }.filter { !$0.isEmpty })
    }
}
