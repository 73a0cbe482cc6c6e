import WebRouterHTML
/// Who may see one place of the tree: anyone, a signed-in person, or a signed-in person with
/// every one of some roles. Settled once per route node at start-up, from the node's own
/// declaration (`.requiresSignIn()` on the screen or on the transition that reaches it) and
/// its parent's rule: a subtree inherits it, except the app's sign-in (see `Window.signIn`),
/// which is always open.
struct AccessRule: Sendable, Equatable {
    /// Showing the place needs a signed-in person.
    var requiresSignIn = false
    /// The roles the person must all have, sorted, without repeats (none: any signed-in person).
    var roles: [String] = []

    /// Anyone may see the place.
    static let open = AccessRule()

    var isOpen: Bool { !requiresSignIn }

    /// This rule with another declaration added: sign-in required when either says so, and
    /// the roles of both.
    func adding(requiresSignIn other: Bool, roles more: [String]) -> AccessRule {
        var rule = self
        rule.requiresSignIn = requiresSignIn || other || !more.isEmpty
        rule.roles = Array(Set(roles + more.filter { !$0.isEmpty })).sorted()
        return rule
    }

    /// What the rule says of a person.
    enum Verdict: Sendable, Equatable {
        case admitted
        /// Nobody is signed in: present the sign-in.
        case needsSignIn
        /// Signed in, without one of the roles: `403`.
        case needsRole
    }

    func verdict(for viewer: Viewer) -> Verdict {
        guard requiresSignIn else { return .admitted }
        guard viewer.isSignedIn else { return .needsSignIn }
        for role in roles where !viewer.roles.contains(role) { return .needsRole }
        return .admitted
    }

    /// How `routes` and the storyboard show it: `public`, `signed in`, `role admin`.
    var label: String {
        guard requiresSignIn else { return "public" }
        return roles.isEmpty ? "signed in" : "role " + roles.joined(separator: "+")
    }
}

/// The person a request comes from, as the app's ``SignInPolicy`` tells it: who is signed in
/// (`nil`: nobody) and their roles (asked of the app only when the tree has a role rule).
struct Viewer: Sendable, Equatable {
    let person: String?
    let roles: Set<String>

    var isSignedIn: Bool { person != nil }

    /// Nobody signed in.
    static let signedOut = Viewer(person: nil, roles: [])
}
