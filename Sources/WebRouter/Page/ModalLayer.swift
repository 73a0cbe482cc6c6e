import WebRouterHTML
/// A presented layer: a `<dialog open aria-modal="true">` holding its own stack, with a close
/// link to the URL without the layer.
/// ```swift
/// ModalLayer(layer: LayerModel(screenName: "Player", breadcrumb: crumbs, content: fragment),
///            dismissHref: "/search", style: .sheet(), title: "Player 7")
/// ```
public struct ModalLayer {
    /// The layer's stack and top screen's fragment.
    public var layer: LayerModel
    /// The URL of the page without this layer.
    public var dismissHref: String
    /// How the layer is shown: a sheet, a cover or a centered card.
    public var style: ModalStyle
    /// The dialog's heading and accessible name: visually hidden when the breadcrumb shows
    /// the title, the bar's title when there is none (a flow, a centered card).
    public var title: String

    /// A modal layer showing `layer`, closed by a link to `dismissHref`; a sheet by default.
    public init(layer: LayerModel, dismissHref: String, style: ModalStyle = .sheet(), title: String) {
        self.layer = layer
        self.dismissHref = dismissHref
        self.style = style
        self.title = title
    }
}
