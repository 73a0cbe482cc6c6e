import WebRouterHTML
/// Anything that can be shown: a content screen, or a container (`Navigation`) around one.
///
/// A screen has a `Context`, the data it needs to render (a match id, a username), which
/// travels in the URL. Containers pass their context through to the content screen they
/// wrap, its `NestedScreen`, the target of routing moves.
/// ```swift
/// let screen = Navigation(Feed(match: Push(Match())))   // a Screen whose NestedScreen is Feed
/// ```
public protocol Screen: Sendable {
    /// The data the screen needs, printed into the URL (`Void` when none).
    associatedtype Context: Sendable = Void
    /// The content screen at the core of this screen: the target of routing moves.
    /// Its context is the screen's own `Context` (checked when the route table is built).
    associatedtype NestedScreen: ContentScreen where NestedScreen.NestedScreen == NestedScreen

    /// The content screen at the core of this screen.
    var nestedScreen: NestedScreen { get }

    /// Adjusts how the nested screen is shown where this screen is placed in the tree
    /// (containers mark a navigation stack, `configContent` hooks change its output).
    func configure(_ presentation: inout ScreenPresentation)
}

extension Screen {
    /// Leaves the presentation as it is: a plain screen changes nothing.
    public func configure(_ presentation: inout ScreenPresentation) {}
}

extension Screen {
    /// The name of the nested content screen's type, as in `<body data-screen="Match">`.
    static var screenName: String { ScreenNaming.typeName(NestedScreen.self) }
}

enum ScreenNaming {
    /// `Match` for `Match`, `Level` for `Level<Int>`, `Settings` for `App.Settings`.
    static func typeName(_ type: Any.Type) -> String {
        var name = String(describing: type)
        if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        return name
    }
}
