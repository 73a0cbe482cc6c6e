/// Anything that can write itself as HTML into an ``HTMLOutput``.
///
/// Screens build their fragments from elements, text and components that conform to this
/// protocol; values are rendered immediately, so they need not be `Sendable`.
/// ```swift
/// struct Greeting: HTML {
///     var name: String
///     func render(into output: inout HTMLOutput) {
///         p(.class("greeting")) { "Hello, "; name }.render(into: &output)
///     }
/// }
/// let html = Greeting(name: "<Ada>").renderedString()   // <p class="greeting">Hello, &lt;Ada&gt;</p>
/// ```
public protocol HTML {
    /// Appends this value's markup to `output`.
    func render(into output: inout HTMLOutput)
}

extension HTML {
    /// The rendered markup as UTF-8 bytes.
    public func renderedBytes() -> [UInt8] {
        var output = HTMLOutput(capacity: 1024)
        render(into: &output)
        return output.bytes
    }

    /// The rendered markup as a `String` (handy in tests and logs).
    public func renderedString() -> String {
        String(decoding: renderedBytes(), as: UTF8.self)
    }
}

/// A `String` in HTML content is text: it is always escaped.
extension String: HTML {
    @inlinable public func render(into output: inout HTMLOutput) {
        output.appendEscapedText(self)
    }
}

/// An absent value renders nothing.
extension Optional: HTML where Wrapped: HTML {
    @inlinable public func render(into output: inout HTMLOutput) {
        // Optional chaining reads the wrapped value in place; `if let` copied it (retaining
        // every string it holds, then releasing them again).
        self?.render(into: &output)
    }
}

/// An array renders its elements in order.
extension Array: HTML where Element: HTML {
    @inlinable public func render(into output: inout HTMLOutput) {
        // By index, so each element is read in place: `for element in self` copies every
        // element out (a retain and a release of each string it holds), a fifth of a long
        // list's rendering.
        for index in indices { self[index].render(into: &output) }
    }
}
