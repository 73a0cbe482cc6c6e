/// The name of an HTML element, as a type (see ``HTMLTag``).
public protocol HTMLTagName {
    /// The lowercase element name, e.g. `"div"`.
    static var name: StaticString { get }
}

/// An element with attributes and content, e.g. `<div class="card">…</div>`.
///
/// Usually written through its lowercase alias (`div`, `a`, `li`, …).
/// ```swift
/// article(.class("card"), .data("id", "\(team.id)")) {
///     h2 { team.name }
///     a(.href(url)) { "Open" }
/// }
/// ```
public struct HTMLElement<Tag: HTMLTagName, Content: HTML>: HTML {
    public var attributes: [HTMLAttribute]
    public var content: Content

    @inlinable public init(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> Content) {
        self.attributes = attributes
        self.content = content()
    }

    @inlinable public init(_ attributes: [HTMLAttribute], @HTMLBuilder content: () -> Content) {
        self.attributes = attributes
        self.content = content()
    }

    @inlinable public func render(into output: inout HTMLOutput) {
        output.appendOpenTag(Tag.name)
        for attribute in attributes { attribute.render(into: &output) }
        output.appendRaw(">")
        content.render(into: &output)
        output.appendCloseTag(Tag.name)
    }
}

extension HTMLElement where Content == EmptyHTML {
    /// An element with no content, e.g. `div(.class("spacer"))` → `<div class="spacer"></div>`.
    @inlinable public init(_ attributes: HTMLAttribute...) {
        self.attributes = attributes
        self.content = EmptyHTML()
    }

    /// An element with no content from an attribute array.
    @inlinable public init(_ attributes: [HTMLAttribute]) {
        self.attributes = attributes
        self.content = EmptyHTML()
    }
}

/// A void element (no content, no closing tag), e.g. `<input type="text" name="q">`.
///
/// Usually written through its lowercase alias (`input`, `img`, `br`, `hr`, `meta`, `link`).
/// ```swift
/// input(.type("search"), .name("q"), .value(query))
/// ```
public struct HTMLVoidElement<Tag: HTMLTagName>: HTML {
    public var attributes: [HTMLAttribute]

    @inlinable public init(_ attributes: HTMLAttribute...) {
        self.attributes = attributes
    }

    @inlinable public init(_ attributes: [HTMLAttribute]) {
        self.attributes = attributes
    }

    @inlinable public func render(into output: inout HTMLOutput) {
        output.appendOpenTag(Tag.name)
        for attribute in attributes { attribute.render(into: &output) }
        output.appendRaw(">")
    }
}
