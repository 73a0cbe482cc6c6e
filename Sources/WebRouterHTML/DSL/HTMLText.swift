/// Explicit, escaped text; the same as writing a `String` in a builder, for places where a
/// named value reads better.
/// ```swift
/// p { Text(comment.body) }   // "<b>" is shown as text, never parsed
/// ```
public struct Text: HTML, Sendable {
    /// The text, unescaped; rendering escapes it.
    public var text: String

    /// Text that renders `text`, escaped.
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
    /// The markup, written to the page byte for byte.
    public var html: String

    /// Markup that renders `html` exactly as given: never pass user input.
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
    /// The empty fragment.
    @inlinable public init() {}

    @inlinable public func render(into output: inout HTMLOutput) {}
}

/// A type-erased HTML value, for storing differently typed fragments side by side
/// (page layers, layout hooks).
/// ```swift
/// let parts: [AnyHTML] = [AnyHTML(h1 { "Feed" }), AnyHTML { p { "Latest matches" } }]
/// ```
///
/// It keeps a closure made where the concrete type is known (the initialisers are inlined
/// into the caller), so rendering runs the caller's specialised code. Keeping `any HTML`
/// instead rendered nested builder values through unspecialised generic witnesses.
public struct AnyHTML: HTML {
    @usableFromInline enum Storage {
        case closure((inout HTMLOutput) -> Void)
        /// Markup rendered beforehand (a screen's fragment in the page chrome): kept as its
        /// buffer, without a closure to allocate around it.
        case rendered(HTMLOutput)
    }

    @usableFromInline let storage: Storage

    /// Wraps `content`, whose specialised rendering it keeps.
    @inlinable public init<Content: HTML>(_ content: Content) {
        // A metatype comparison, which specialisation folds away: a dynamic cast here
        // looked up generic metadata on every page (the chrome wraps each fragment).
        if Content.self == AnyHTML.self {
            storage = unsafeBitCast(content, to: AnyHTML.self).storage
        } else {
            storage = .closure { content.render(into: &$0) }
        }
    }

    /// Wraps the fragment a builder block produces: `AnyHTML { h1 { "Feed" }; p { "…" } }`.
    @inlinable public init<Content: HTML>(@HTMLBuilder _ content: () -> Content) {
        self.init(content())
    }

    /// Markup already rendered, placed as it is.
    @usableFromInline package init(rendered output: HTMLOutput) {
        storage = .rendered(output)
    }

    @inlinable public func render(into output: inout HTMLOutput) {
        switch storage {
        case .closure(let render): render(&output)
        case .rendered(let rendered): output.appendRaw(rendered)
        }
    }
}
