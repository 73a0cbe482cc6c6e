import WebRouterHTML
extension Router {
    /// A segmented picker over a query field: `<nav aria-label="…" class="segmented">`, one
    /// link per value, the selected one with `aria-current="true"` (VDFlow's picker as
    /// navigation). Works without JavaScript: each value is a URL.
    /// ```swift
    /// router.picker(\.section, label: "Sections") { $0.rawValue.capitalized }
    /// ```
    @inlinable
    public func picker<Value: CaseIterable & Equatable>(
        _ field: WritableKeyPath<From.Query, Value>, label: String, title: (Value) -> String
    ) -> QueryPicker {
        let current = query   // decoded once, not once per option
        let selected = current[keyPath: field]
        return QueryPicker(label: label, options: Value.allCases.map { value in
            var changed = current
            changed[keyPath: field] = value
            return QueryPicker.Option(title: title(value), href: url(query: changed), isSelected: value == selected)
        })
    }
}

/// The segmented control ``Router/picker(_:label:title:)`` renders.
public struct QueryPicker: HTML {
    /// One value of the picker: a link to the URL with the field set to it.
    public struct Option: Sendable, Equatable {
        /// The link's text.
        public let title: String
        /// The URL of the current state with the field set to this value.
        public let href: String
        /// Whether this is the field's current value (`aria-current="true"`).
        public let isSelected: Bool

        @usableFromInline init(title: String, href: String, isSelected: Bool) {
            self.title = title
            self.href = href
            self.isSelected = isSelected
        }
    }
    /// The accessible name of the picker's `<nav>` (`aria-label`).
    public let label: String
    /// One option per value, in `allCases` order.
    public let options: [Option]

    @usableFromInline init(label: String, options: [Option]) {
        self.label = label
        self.options = options
    }

    /// Writes `<nav aria-label="…" class="segmented"><ul><li><a href="…">…</a></li>…</ul></nav>`
    /// straight into the page: a picker is on many pages, so it builds no element values.
    public func render(into output: inout HTMLOutput) {
        output.appendRaw("<nav aria-label=\"")
        output.appendEscapedAttribute(label)
        output.appendRaw("\" class=\"segmented\"><ul>")
        for option in options {
            output.appendRaw("<li><a href=\"")
            output.appendEscapedAttribute(URLAttributeSanitizer.sanitize(option.href, allowImageData: false))
            if option.isSelected {
                output.appendRaw("\" aria-current=\"true\">")
            } else {
                output.appendRaw("\">")
            }
            output.appendEscapedText(option.title)
            output.appendRaw("</a></li>")
        }
        output.appendRaw("</ul></nav>")
    }
}
