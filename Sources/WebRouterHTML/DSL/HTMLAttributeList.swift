/// The attributes of an element, the first two held inline: most elements have one or two,
/// and a list renders one element per item, so an array per element was a heap allocation
/// per list item.
///
/// ```swift
/// let list = HTMLAttributeList([.class("card"), .id("n1")])   // inline, no array
/// list.array                                                // [.class("card"), .id("n1")]
/// ```
public struct HTMLAttributeList: Sendable {
    @usableFromInline enum Storage: Sendable {
        case none
        case one(HTMLAttribute)
        case two(HTMLAttribute, HTMLAttribute)
        case many([HTMLAttribute])
    }

    @usableFromInline var storage: Storage

    @inlinable init(storage: Storage) {
        self.storage = storage
    }

    /// Holds `attributes`, inline when there are at most two.
    @inlinable public init(_ attributes: [HTMLAttribute]) {
        switch attributes.count {
        case 0: storage = .none
        case 1: storage = .one(attributes[0])
        case 2: storage = .two(attributes[0], attributes[1])
        default: storage = .many(attributes)
        }
    }

    /// The attributes in order.
    public var array: [HTMLAttribute] {
        switch storage {
        case .none: []
        case .one(let first): [first]
        case .two(let first, let second): [first, second]
        case .many(let all): all
        }
    }

    /// Writes each attribute as ` name="escaped value"` (or ` name` when it has no value).
    @inlinable public func render(into output: inout HTMLOutput) {
        switch storage {
        case .none: break
        case .one(let first):
            first.render(into: &output)
        case .two(let first, let second):
            first.render(into: &output)
            second.render(into: &output)
        case .many(let all):
            for attribute in all { attribute.render(into: &output) }
        }
    }
}
