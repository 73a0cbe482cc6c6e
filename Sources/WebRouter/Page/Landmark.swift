import WebRouterHTML

/// The landmark names of DESIGN.md that the renderer writes and every reader looks for (the
/// JSON page state, the test kit): one place, so writer and readers cannot drift.
/// ```swift
/// let bar = document.first(where: Landmark.isTabBar)   // <nav aria-label="Tabs">
/// ```
package enum Landmark {
    /// The tab bar's `aria-label`: `<nav aria-label="Tabs">`.
    package static let tabBar = "Tabs"
    /// A layer's breadcrumb `aria-label`: `<nav aria-label="Breadcrumb">`.
    package static let breadcrumb = "Breadcrumb"
    /// The `rel` of a layer's or an alert's close link.
    package static let dismiss = "dismiss"
    /// The attribute naming the screen a layer or the page shows (`<body data-screen>`), as the
    /// reader seeds it.
    @inlinable package static var screen: StaticString { LandmarkName.screen }
    /// The attribute holding a modal layer's or an alert's URL without it
    /// (`<dialog data-dismiss="/feed">`), as the reader seeds it.
    @inlinable package static var dismissURL: StaticString { LandmarkName.dismissURL }

    /// `<nav aria-label="Tabs">`.
    package static func isTabBar(_ node: HTMLNode) -> Bool {
        node.tagCode == TagCode.nav && node.attribute(AttributeCode.ariaLabel, is: tabBar)
    }

    /// `<nav aria-label="Breadcrumb">`.
    package static func isBreadcrumb(_ node: HTMLNode) -> Bool {
        node.tagCode == TagCode.nav && node.attribute(AttributeCode.ariaLabel, is: breadcrumb)
    }

    /// A presented layer: `<dialog aria-modal="true">` that is not an alert.
    package static func isModalLayer(_ node: HTMLNode) -> Bool {
        node.tagCode == TagCode.dialog && node.attribute(AttributeCode.ariaModal, is: "true") && node.explicitRole != "alertdialog"
    }

    /// An alert or confirmation dialog: `role="alertdialog"` (no element has that role implicitly).
    package static func isAlert(_ node: HTMLNode) -> Bool {
        node.explicitRole == "alertdialog"
    }

    /// A close link: `<a rel="dismiss" href>`.
    package static func isDismissLink(_ node: HTMLNode) -> Bool {
        node.tagCode == TagCode.a && node.attribute(AttributeCode.rel, is: dismiss)
    }
}
