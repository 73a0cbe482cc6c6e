/// Explicit, escaped text; the same as writing a `String` in a builder, for places where a
/// named value reads better.
/// ```swift
/// p { Text(comment.body) }   // "<b>" is shown as text, never parsed
/// ```
public struct Text: HTML, Sendable {
    public var text: String

    public init(_ text: String) {
        self.text = text
    }

    public func render(into output: inout HTMLOutput) {
        output.appendEscapedText(text)
    }
}

/// Markup written out as is, WITHOUT escaping: the one opt-out of escaping, named so it stands
/// out in review. Use it only for constant markup such as inline SVG icons, never for input.
/// ```swift
/// span(.class("icon")) { UnsafeRawHTML("<svg viewBox=\"0 0 10 10\"><circle r=\"5\"/></svg>") }
/// ```
public struct UnsafeRawHTML: HTML, Sendable {
    public var html: String

    public init(_ html: String) {
        self.html = html
    }

    public func render(into output: inout HTMLOutput) {
        output.appendRaw(html)
    }
}

/// Nothing; what an empty builder block produces.
/// ```swift
/// let nothing = EmptyHTML()   // renders ""
/// ```
public struct EmptyHTML: HTML, Sendable {
    @inlinable public init() {}

    @inlinable public func render(into output: inout HTMLOutput) {}
}

/// A type-erased HTML value, for storing differently typed fragments side by side
/// (page layers, layout hooks).
/// ```swift
/// let parts: [AnyHTML] = [AnyHTML(h1 { "Feed" }), AnyHTML { p { "Latest matches" } }]
/// ```
public struct AnyHTML: HTML {
    private let base: any HTML

    public init<Content: HTML>(_ content: Content) {
        if let already = content as? AnyHTML {
            base = already.base
        } else {
            base = content
        }
    }

    public init<Content: HTML>(@HTMLBuilder _ content: () -> Content) {
        self.init(content())
    }

    public func render(into output: inout HTMLOutput) {
        base.render(into: &output)
    }
}
