import WebRouterHTML
extension PageState {
    /// A layer of the page: the base screen's stack (`<main data-screen>`) or a modal layer
    /// (`<dialog aria-modal="true" data-screen>`), each with its own breadcrumb.
    /// ```swift
    /// PageState.Layer(screen: "Settings", kind: .modal, style: "sheet", title: "Settings",
    ///                 breadcrumb: [PageState.Crumb(label: "Settings", href: nil)], dismiss: "/messages")
    /// ```
    public struct Layer: Codable, Sendable, Equatable {
        /// The screen on top of the layer's stack (`data-screen`).
        public var screen: String?
        /// Whether this is the base layer or a modal one.
        public var kind: Kind
        /// How a modal layer is shown: `sheet`, `sheet-medium`, `full-screen-cover` or
        /// `centered`; `nil` for the base layer.
        public var style: String?
        /// The layer's title: a modal's accessible name; for the base, the breadcrumb's current
        /// entry, else its first `<h1>`.
        public var title: String?
        /// The layer's stack, root first; empty when the layer has no breadcrumb.
        public var breadcrumb: [Crumb]
        /// The URL of the page without this layer (its close link, `rel="dismiss"`); `nil` for the base.
        public var dismiss: String?

        /// A layer of the given parts.
        /// ```swift
        /// PageState.Layer(screen: "Feed", kind: .base, style: nil, title: "Feed",
        ///                 breadcrumb: [PageState.Crumb(label: "Feed", href: nil)], dismiss: nil)
        /// ```
        public init(screen: String?, kind: Kind, style: String?, title: String?, breadcrumb: [Crumb], dismiss: String?) {
            self.screen = screen
            self.kind = kind
            self.style = style
            self.title = title
            self.breadcrumb = breadcrumb
            self.dismiss = dismiss
        }

        /// Whether a layer is the page's base or a modal over it (`"base"` or `"modal"` in JSON).
        /// ```swift
        /// state.layers.filter { $0.kind == .modal }.count   // the open modals
        /// ```
        public enum Kind: String, Codable, Sendable, Equatable {
            /// The screen under every modal: `<main>`.
            case base
            /// A presented layer: `<dialog aria-modal="true">`.
            case modal
        }

        private enum CodingKeys: String, CodingKey { case screen, kind, style, title, breadcrumb, dismiss }

        /// Writes every key, `null` for what is absent.
        /// ```swift
        /// try JSONEncoder().encode(layer)   // {"breadcrumb":[…],"dismiss":null,"kind":"base",…}
        /// ```
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(screen, forKey: .screen)
            try container.encode(kind, forKey: .kind)
            try container.encode(style, forKey: .style)
            try container.encode(title, forKey: .title)
            try container.encode(breadcrumb, forKey: .breadcrumb)
            try container.encode(dismiss, forKey: .dismiss)
        }
    }
}
