import WebRouterHTML
/// A screen with a `configContent` hook applied where it is placed in the tree.
///
/// ```swift
/// Navigation(Search(...)).configContent { $0.tabIcon = "🔎" }
/// ```
public struct ConfiguredScreen<Wrapped: Screen>: ScreenContainer {
    /// The wrapped screen's context, passed through.
    public typealias Context = Wrapped.Context
    /// The content screen at the core, the target of routing moves.
    public typealias NestedScreen = Wrapped.NestedScreen
    /// The screen the hook applies to.
    public let wrapped: Wrapped
    let hook: @Sendable (inout ScreenPresentation) -> Void

    /// Lets the wrapped screen configure the presentation, then runs the hook.
    public func configure(_ presentation: inout ScreenPresentation) {
        wrapped.configure(&presentation)
        hook(&presentation)
    }
}

extension Screen {
    /// Changes how this screen is shown at this place of the tree (ScreenUI's `configContent`).
    public func configContent(
        _ hook: @escaping @Sendable (inout ScreenPresentation) -> Void
    ) -> ConfiguredScreen<Self> {
        ConfiguredScreen(wrapped: self, hook: hook)
    }

    /// Names the tab or window case this screen roots (the first URL step).
    public func named(_ routeName: String) -> ConfiguredScreen<Self> {
        configContent { $0.routeName = routeName }
    }

    /// Makes the screen, and every screen reached from it, need a signed-in person, with
    /// `role` when given (the app tells a person's roles: ``SignInPolicy/roles``). Signed out,
    /// its URLs keep their address and present the window's sign-in (`Window.signIn(_:named:style:)`)
    /// over the nearest public screen; a signed-in person without the role gets a `403` page.
    /// ```swift
    /// Tabs {
    ///     Navigation(Home())                                  // public
    ///     Navigation(Journal()).requiresSignIn()              // any signed-in person
    ///     Navigation(Admin()).requiresSignIn(role: "admin")   // admins only
    /// }
    /// ```
    public func requiresSignIn(role: String? = nil) -> ConfiguredScreen<Self> {
        configContent { presentation in
            presentation.requiresSignIn = true
            if let role { presentation.requiredRoles.append(role) }
        }
    }

    /// Sets the label and icon of the tab this screen roots.
    public func tabItem(_ label: String, icon: String? = nil) -> ConfiguredScreen<Self> {
        configContent { $0.tabLabel = label; $0.tabIcon = icon }
    }
}
