import WebRouterHTML
/// A reference to an element of the current document, as ``WebDriverSession/findElement(xpath:)``
/// returns it. It is only a handle: after a navigation it goes stale, and using it fails with
/// WebDriver's `stale element reference`.
package struct WebDriverElement: Sendable, Hashable {
    /// The key under which WebDriver sends and expects an element reference.
    package static let referenceKey = "element-6066-11e4-a52e-4f735466cecf"

    /// The element's WebDriver id (opaque).
    package var id: String

    /// An element by its WebDriver id.
    package init(id: String) { self.id = id }

    /// The element from a reference object `{"element-6066-…": id}`, as `find` and `execute` return it.
    package init?(reference: JSONValue) {
        guard let id = reference[Self.referenceKey]?.stringValue else { return nil }
        self.id = id
    }

    /// The reference object, to pass the element to a script as an argument of ``WebDriverSession/execute(_:_:)``
    /// (the script receives the DOM element).
    package var reference: JSONValue { .object([Self.referenceKey: .string(id)]) }
}
