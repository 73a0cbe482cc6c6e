extension Router {
    /// A segmented picker over a query field: `<nav aria-label="…" class="segmented">`, one
    /// link per value, the selected one with `aria-current="true"` (VDFlow's picker as
    /// navigation). Works without JavaScript: each value is a URL.
    /// ```swift
    /// router.picker(\.section, label: "Sections") { $0.rawValue.capitalized }
    /// ```
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
    public struct Option: Sendable, Equatable {
        public let title: String
        public let href: String
        public let isSelected: Bool
    }
    public let label: String
    public let options: [Option]

    public func render(into output: inout HTMLOutput) {
        nav(.aria("label", label), .class("segmented")) {
            ul {
                for option in options {
                    li {
                        if option.isSelected {
                            a(.href(option.href), .aria("current", "true")) { option.title }
                        } else {
                            a(.href(option.href)) { option.title }
                        }
                    }
                }
            }
        }.render(into: &output)
    }
}
