/// A presented layer: a `<dialog open aria-modal="true">` holding its own stack, with a close
/// link to the URL without the layer.
/// ```swift
/// ModalLayer(layer: LayerModel(screenName: "Player", breadcrumb: crumbs, content: fragment),
///            dismissHref: "/search", style: .sheet(), title: "Player 7")
/// ```
public struct ModalLayer {
    public var layer: LayerModel
    /// The URL of the page without this layer.
    public var dismissHref: String
    public var style: ModalStyle
    /// The dialog's accessible name (a visually hidden heading).
    public var title: String

    public init(layer: LayerModel, dismissHref: String, style: ModalStyle = .sheet(), title: String) {
        self.layer = layer
        self.dismissHref = dismissHref
        self.style = style
        self.title = title
    }
}
