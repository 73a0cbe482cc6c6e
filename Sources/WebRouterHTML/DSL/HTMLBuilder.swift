/// The result builder behind element content: statements become HTML, with `if`, `if let`,
/// `switch`, `for` and `#available` supported.
///
/// Only `String` and `HTML` values are accepted as expressions (numbers must be formatted
/// explicitly, e.g. `"\(score)"`).
/// ```swift
/// @HTMLBuilder func roster(_ team: Team) -> some HTML {
///     h2 { team.name }
///     if team.players.isEmpty { p(.class("muted")) { "No players yet" } }
///     ul { for player in team.players { li { player.name } } }
/// }
/// ```
@resultBuilder
public enum HTMLBuilder {
    /// Accepts an HTML value as a statement of the block.
    @inlinable public static func buildExpression<Content: HTML>(_ content: consuming Content) -> Content {
        content
    }

    /// Accepts a `String` as a statement of the block: text, escaped when rendered.
    @inlinable public static func buildExpression(_ text: consuming String) -> String {
        text
    }

    /// An empty block renders nothing.
    @inlinable public static func buildBlock() -> EmptyHTML {
        EmptyHTML()
    }

    /// A block of one statement is that statement's value.
    @inlinable public static func buildBlock<Content: HTML>(_ content: consuming Content) -> Content {
        content
    }

    // Blocks of several statements nest pairs rather than one parameter-pack tuple: the
    // optimiser specialises nested generics completely, while pack expansions fell back to
    // runtime metadata (swift_getTupleTypeMetadata) for every element on every render.
    /// Starts a block of several statements with its first one.
    @inlinable public static func buildPartialBlock<Content: HTML>(first: consuming Content) -> Content {
        first
    }

    /// Appends the next statement of a block to the statements before it, as a nested pair.
    @inlinable public static func buildPartialBlock<Accumulated: HTML, Next: HTML>(
        accumulated: consuming Accumulated, next: consuming Next
    ) -> HTMLPair<Accumulated, Next> {
        HTMLPair(accumulated, next)
    }

    /// An `if` without `else`: the content when the condition held, else nothing.
    @inlinable public static func buildOptional<Content: HTML>(_ content: consuming Content?) -> Content? {
        content
    }

    /// The first branch of an `if`/`else` or `switch`.
    @inlinable public static func buildEither<First: HTML, Second: HTML>(first: consuming First) -> HTMLConditional<First, Second> {
        .first(first)
    }

    /// The second branch of an `if`/`else` or `switch`.
    @inlinable public static func buildEither<First: HTML, Second: HTML>(second: consuming Second) -> HTMLConditional<First, Second> {
        .second(second)
    }

    /// A `for` loop: the content of every iteration, in order.
    ///
    /// The iterations are rendered here, each moved out of the array and rendered once, and
    /// the loop is kept as its markup. Rendering them later from the array read each one in
    /// place, which the optimiser cannot prove safe across the output's writes: it copied
    /// every iteration's whole nested value (through generic value witnesses) and destroyed
    /// the copy, about a thousand instructions per list item.
    @inlinable public static func buildArray<Content: HTML>(_ contents: consuming [Content]) -> AnyHTML {
        var contents = contents
        var output = HTMLOutput(capacity: contents.count * 128)
        // Last to first by `popLast`, which moves each value out without a copy; reversed
        // first through the buffer, where swapping moves bits rather than copying values.
        contents.withUnsafeMutableBufferPointer { $0.reverse() }
        while let content = contents.popLast() { content.render(into: &output) }
        return AnyHTML(rendered: output)
    }

    /// An `if #available` branch, type-erased so the block's type names no newer type.
    @inlinable public static func buildLimitedAvailability<Content: HTML>(_ content: Content) -> AnyHTML {
        AnyHTML(content)
    }

    /// The block's value, unchanged.
    @inlinable public static func buildFinalResult<Content: HTML>(_ content: consuming Content) -> Content {
        content
    }
}

/// Two HTML values rendered one after the other; what a builder block with several statements
/// produces (nested: `HTMLPair<HTMLPair<A, B>, C>` for three). Outside a builder, write the
/// sequence as a block: `AnyHTML { h1 { "Title" }; p { "Body" } }`.
/// ```swift
/// let pair = HTMLPair(h1 { "Title" }, p { "Body" })
/// ```
public struct HTMLPair<First: HTML, Second: HTML>: HTML {
    /// The value rendered first.
    public let first: First
    /// The value rendered after `first`.
    public let second: Second

    /// Pairs two values, rendered in this order.
    @inlinable public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    @inlinable public func render(into output: inout HTMLOutput) {
        first.render(into: &output)
        second.render(into: &output)
    }
}

/// One of two HTML values; what `if`/`else` and `switch` produce in a builder.
/// ```swift
/// let status: HTMLConditional<strong, span> = won ? .first(strong { "Won" }) : .second(span { "Lost" })
/// ```
public enum HTMLConditional<First: HTML, Second: HTML>: HTML {
    /// The `if` branch (or the first of two `switch` alternatives).
    case first(First)
    /// The `else` branch (or the second of two `switch` alternatives).
    case second(Second)

    @inlinable public func render(into output: inout HTMLOutput) {
        switch self {
        case .first(let content): content.render(into: &output)
        case .second(let content): content.render(into: &output)
        }
    }
}
