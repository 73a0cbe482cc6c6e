import WebRouterHTML
/// Typed state of a screen that is not a screen: a picker's selection, a filter, a search
/// text (VDFlow's picker as navigation), kept in the URL's query string.
///
/// A screen declares its query as a struct with defaults and lists its fields once; the
/// route table prints and parses it with the path, so a default is left out of the URL and
/// every state keeps one canonical URL.
/// ```swift
/// struct Match: ContentScreen {
///     struct Query: ScreenQuery {
///         var section: Section = .overview                 // enum Section: String, URLContext
///         static let fields: [QueryField<Query>] = [.init("section", \.section)]
///     }
///     func body(_ id: Int, router: Router<Match>) -> some HTML {
///         router.picker(\.section, label: "Sections") { $0.rawValue.capitalized }
///         if router.query.section == .lineups { … }
///     }
/// }
/// ```
/// `/feed/match/12?section=lineups` shows the line-ups; `/feed/match/12` the overview; a
/// value that does not decode (`?section=nope`) redirects (308) to the URL without it.
public protocol ScreenQuery: Sendable, Equatable {
    /// The default state (every field at its default).
    init()
    /// The fields, in the order they are printed.
    static var fields: [QueryField<Self>] { get }
}

/// The query of screens that declare none.
public struct NoQuery: ScreenQuery {
    /// The empty query.
    public init() {}
    /// No fields: nothing is read from or printed into the query string.
    public static var fields: [QueryField<NoQuery>] { [] }
}

/// One field of a ``ScreenQuery``: its parameter name and where its value lives.
public struct QueryField<Root: ScreenQuery>: Sendable {
    /// The query parameter name.
    public let name: String
    /// Whether the field takes every value of its name (a set) or only the first.
    @usableFromInline let isMultiple: Bool
    /// Whether a raw value decodes.
    @usableFromInline let accepts: @Sendable (String) -> Bool
    /// The field's canonical values in a query; empty when at its default.
    @usableFromInline let read: @Sendable (Root) -> [String]
    /// Sets the field from all the raw values of its name that decode.
    @usableFromInline let write: @Sendable (inout Root, [String]) -> Void

    /// A field whose value travels as one query value (`Int`, `String`, `Bool`, enums…).
    // The initialisers are inlinable so that their closures are compiled for the field's
    // types where the query is declared: generic, they looked up key-path and optional
    // metadata at runtime on every read.
    @inlinable
    public init<Value: URLContext & Equatable>(_ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable) {
        self.name = name
        isMultiple = false
        let defaultValue = Root()[keyPath: keyPath]
        accepts = { Value(pathSegments: [$0][...]) != nil }
        read = { root in
            let value = root[keyPath: keyPath]
            return value == defaultValue ? [] : [QueryValue.encode(value)]
        }
        write = { root, raws in
            if let raw = raws.first, let value = Value(pathSegments: [raw][...]) { root[keyPath: keyPath] = value }
        }
    }

    /// An optional field, absent from the URL when `nil`.
    @inlinable
    public init<Value: URLContext & Equatable>(_ name: String, _ keyPath: WritableKeyPath<Root, Value?> & Sendable) {
        self.name = name
        isMultiple = false
        accepts = { Value(pathSegments: [$0][...]) != nil }
        read = { root in root[keyPath: keyPath].map { [QueryValue.encode($0)] } ?? [] }
        write = { root, raws in
            if let raw = raws.first, let value = Value(pathSegments: [raw][...]) { root[keyPath: keyPath] = value }
        }
    }

    /// A set of values, one query item each (`?kind=players&kind=teams`), sorted for one
    /// canonical URL, absent when equal to the default; an empty set that is not the
    /// default is written `kind=`.
    @inlinable
    public init<Value: URLContext & Comparable>(_ name: String, _ keyPath: WritableKeyPath<Root, Set<Value>> & Sendable) {
        self.name = name
        isMultiple = true
        let defaultValue = Root()[keyPath: keyPath]
        accepts = { $0.isEmpty || Value(pathSegments: [$0][...]) != nil }
        read = { root in
            let values = root[keyPath: keyPath]
            if values == defaultValue { return [] }
            return values.isEmpty ? [""] : values.sorted().map(QueryValue.encode)
        }
        write = { root, raws in
            root[keyPath: keyPath] = Set(raws.compactMap { Value(pathSegments: [$0][...]) })
        }
    }
}

@usableFromInline enum QueryValue {
    @inlinable static func encode<Value: URLContext>(_ value: Value) -> String {
        // One-segment values (every standard context and enums over them) print without
        // an array; a picker link reads one value per option.
        if let segment = value._onlyPathSegment { return segment }
        var segments: [String] = []
        value.appendPathSegments(to: &segments)
        return segments.first ?? ""
    }
}
