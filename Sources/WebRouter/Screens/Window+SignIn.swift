import WebRouterHTML
extension Window {
    /// Names the app's sign-in screen: a modal layer every screen can present as `~sign-in`
    /// (a universal transition). When a signed-out person opens a screen that needs sign-in
    /// (`.requiresSignIn()`), the address stays and the page shows this screen over the
    /// nearest public one, with the wanted URL in its `next`; after its action signs the
    /// person in, they land on that URL (see <doc:SignInPerScreen>).
    /// ```swift
    /// let window = Window(Tabs {
    ///     Navigation(Home())
    ///     Navigation(Journal()).requiresSignIn()
    /// })
    /// .signIn(SignInForm())                    // /home/~sign-in, /journal → the form over Home
    /// ```
    /// The sign-in screen and the screens reached from it are public, wherever they sit.
    /// - Parameters:
    ///   - screen: the sign-in screen (its action signs the person in: sets what
    ///     ``SignInPolicy/person`` reads).
    ///   - name: the URL step (`~sign-in`).
    ///   - style: how the modal layer is shown.
    public func signIn<S: Screen>(_ screen: S, named name: String = "sign-in", style: ModalStyle = .sheet()) -> Window
    where S.Context == Void {
        var copy = self
        if let previous = copy.spec.signIn {
            copy.spec.universal.removeAll { $0.edge.identity === previous.identity }
        }
        let transition = UniversalTransition.present(name, screen, style: style)
        copy.spec.universal.append(transition)
        copy.spec.signIn = transition.edge
        return copy
    }
}
