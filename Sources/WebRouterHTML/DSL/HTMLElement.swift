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
    /// The attributes, the first two held inline (see ``HTMLAttributeList``).
    @usableFromInline var attributeList: HTMLAttributeList
    /// What the element holds between its opening and closing tags.
    public var content: Content

    /// The attributes in order.
    public var attributes: [HTMLAttribute] {
        get { attributeList.array }
        set { attributeList = HTMLAttributeList(newValue) }
    }

    // None, one and two attributes have their own initialisers (the variadic one is
    // disfavoured, so Swift picks them), so the common elements build no array.
    /// An element without attributes: `p { "Hello" }`.
    @inlinable public init(@HTMLBuilder content: () -> Content) {
        self.attributeList = HTMLAttributeList(storage: .none)
        self.content = content()
    }

    /// An element with one attribute: `a(.href(url)) { "Open" }`.
    @inlinable public init(_ attribute: HTMLAttribute, @HTMLBuilder content: () -> Content) {
        self.attributeList = HTMLAttributeList(storage: .one(attribute))
        self.content = content()
    }

    /// An element with two attributes, rendered in this order.
    @inlinable public init(_ first: HTMLAttribute, _ second: HTMLAttribute, @HTMLBuilder content: () -> Content) {
        self.attributeList = HTMLAttributeList(storage: .two(first, second))
        self.content = content()
    }

    /// An element with any number of attributes, rendered in this order.
    @_disfavoredOverload
    @inlinable public init(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> Content) {
        self.attributeList = HTMLAttributeList(attributes)
        self.content = content()
    }

    /// An element with an array of attributes (built conditionally, say), rendered in order.
    @inlinable public init(_ attributes: [HTMLAttribute], @HTMLBuilder content: () -> Content) {
        self.attributeList = HTMLAttributeList(attributes)
        self.content = content()
    }

    @inlinable public func render(into output: inout HTMLOutput) {
        output.appendOpenTag(Tag.name)
        attributeList.render(into: &output)
        output.appendRaw(">")
        content.render(into: &output)
        output.appendCloseTag(Tag.name)
    }
}

extension HTMLElement where Content == EmptyHTML {
    /// An element with no content, e.g. `div(.class("spacer"))` → `<div class="spacer"></div>`.
    @inlinable public init(_ attribute: HTMLAttribute) {
        self.attributeList = HTMLAttributeList(storage: .one(attribute))
        self.content = EmptyHTML()
    }

    /// An element with no content and two attributes, rendered in this order.
    @inlinable public init(_ first: HTMLAttribute, _ second: HTMLAttribute) {
        self.attributeList = HTMLAttributeList(storage: .two(first, second))
        self.content = EmptyHTML()
    }

    /// An element with no content and any number of attributes, rendered in this order.
    @_disfavoredOverload
    @inlinable public init(_ attributes: HTMLAttribute...) {
        self.attributeList = HTMLAttributeList(attributes)
        self.content = EmptyHTML()
    }

    /// An element with no content from an attribute array.
    @inlinable public init(_ attributes: [HTMLAttribute]) {
        self.attributeList = HTMLAttributeList(attributes)
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
    /// The attributes, the first two held inline (see ``HTMLAttributeList``).
    @usableFromInline var attributeList: HTMLAttributeList

    /// The attributes in order.
    public var attributes: [HTMLAttribute] {
        get { attributeList.array }
        set { attributeList = HTMLAttributeList(newValue) }
    }

    /// A void element with one attribute: `img(.src(url))`.
    @inlinable public init(_ attribute: HTMLAttribute) {
        self.attributeList = HTMLAttributeList(storage: .one(attribute))
    }

    /// A void element with two attributes, rendered in this order.
    @inlinable public init(_ first: HTMLAttribute, _ second: HTMLAttribute) {
        self.attributeList = HTMLAttributeList(storage: .two(first, second))
    }

    /// A void element with any number of attributes, rendered in this order.
    @_disfavoredOverload
    @inlinable public init(_ attributes: HTMLAttribute...) {
        self.attributeList = HTMLAttributeList(attributes)
    }

    /// A void element with an array of attributes, rendered in order.
    @inlinable public init(_ attributes: [HTMLAttribute]) {
        self.attributeList = HTMLAttributeList(attributes)
    }

    @inlinable public func render(into output: inout HTMLOutput) {
        output.appendOpenTag(Tag.name)
        attributeList.render(into: &output)
        output.appendRaw(">")
    }
}
