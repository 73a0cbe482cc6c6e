import WebRouterHTML
/// One layer of the page: a navigation stack's breadcrumb and its top screen's fragment.
/// ```swift
/// LayerModel(screenName: "Feed",
///            breadcrumb: [Crumb(label: "Feed", href: "/feed")],
///            content: AnyHTML { h1 { "Feed" } })
/// ```
public struct LayerModel {
    /// The name of the screen shown in this layer (`data-screen`).
    public var screenName: String
    /// The stack, root first; empty means no breadcrumb, one item a one-item breadcrumb.
    public var breadcrumb: [Crumb]
    /// The screen's fragment.
    public var content: AnyHTML
    /// Extra CSS classes for the layer element.
    public var classes: [String]

    /// A layer showing `content`, without breadcrumb or extra classes unless told otherwise.
    public init(screenName: String, breadcrumb: [Crumb] = [], content: AnyHTML, classes: [String] = []) {
        self.screenName = screenName
        self.breadcrumb = breadcrumb
        self.content = content
        self.classes = classes
    }
}
