import WebRouterHTML
/// A type-erased transition to a content screen, whatever container and move reach it
/// (ScreenUI's `AnyScreenTransition`): one screen type, different moves in different
/// places of the tree.
///
/// ```swift
/// struct Search: ContentScreen {
///     var team: AnyScreenTransition<Search, Team>
/// }
/// Search(team: AnyScreenTransition(Team().navigation().present()))   // a modal here…
/// Search(team: AnyScreenTransition(Push(Team())))                    // …a push elsewhere
/// ```
public struct AnyScreenTransition<From: ContentScreen, To: ContentScreen>: Transition {
    public typealias Context = To.Context
    public let _edge: _RouteEdge

    /// Erases `transition`, a push or a presentation of any container around `To`.
    public init<T: Transition>(_ transition: T) where T.From == From, T.To.NestedScreen == To {
        _edge = _RouteEdge(erasing: transition._edge)
    }
}

/// A type-erased transition to an exact target screen, containers included (ScreenUI's
/// `PreciseTransition`): the move (push or present) varies, the target does not.
///
/// ```swift
/// var settings: PreciseTransition<Messages, Navigation<Settings>>
/// ```
public struct PreciseTransition<From: ContentScreen, To: Screen>: Transition {
    public typealias Context = To.Context
    public let _edge: _RouteEdge

    /// Erases whether `transition` pushes or presents `To`.
    public init<T: Transition>(_ transition: T) where T.From == From, T.To == To {
        _edge = _RouteEdge(erasing: transition._edge)
    }
}

extension Transition {
    /// Erases the container and the kind of move: `Push(Team()).eraseToAnyScreenTransition()`.
    public func eraseToAnyScreenTransition() -> AnyScreenTransition<From, To.NestedScreen> {
        AnyScreenTransition(self)
    }
}
