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
    /// The attribute naming the screen a layer or the page shows (`<body data-screen>`).
    package static let screen = "data-screen"

    /// `<nav aria-label="Tabs">`.
    package static func isTabBar(_ node: HTMLNode) -> Bool {
        node.tag == "nav" && node["aria-label"] == tabBar
    }

    /// `<nav aria-label="Breadcrumb">`.
    package static func isBreadcrumb(_ node: HTMLNode) -> Bool {
        node.tag == "nav" && node["aria-label"] == breadcrumb
    }

    /// A presented layer: `<dialog aria-modal="true">` that is not an alert.
    package static func isModalLayer(_ node: HTMLNode) -> Bool {
        node.tag == "dialog" && node["aria-modal"] == "true" && node["role"] != "alertdialog"
    }

    /// An alert or confirmation dialog: `role="alertdialog"`.
    package static func isAlert(_ node: HTMLNode) -> Bool {
        node.role == "alertdialog"
    }

    /// A close link: `<a rel="dismiss" href>`.
    package static func isDismissLink(_ node: HTMLNode) -> Bool {
        node.tag == "a" && node["rel"] == dismiss
    }
}
