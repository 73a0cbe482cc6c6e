import WebRouterHTML
import WebRouterHTTP
/// The type-erased way a route node reads its screen's query fields from a request and
/// writes them back canonically; built once at start-up.
@usableFromInline struct QueryCodec: Sendable {
    let names: [String]
    /// Reads the fields from the request's query: the canonical pairs (defaults left out)
    /// and whether some value did not decode.
    let canonicalize: @Sendable (QueryItems) -> (pairs: [(String, String)], invalid: Bool)

    static func of<Query: ScreenQuery>(_ type: Query.Type) -> QueryCodec? {
        let fields = Query.fields
        guard !fields.isEmpty else { return nil }
        let names = fields.map(\.name)
        // The answer for a request that names none of the fields (most requests, and every
        // screen of the stack but the one the query is for): the defaults' pairs, made once.
        var defaultPairs: [(String, String)] = []
        for field in fields {
            for value in field.read(Query()) { defaultPairs.append((field.name, value)) }
        }
        return QueryCodec(names: names) { [defaultPairs] items in
            if items.isEmpty || !names.contains(where: { name in items.contains { $0.name == name } }) {
                return (defaultPairs, false)
            }
            var query = Query()
            var invalid = false
            for field in fields {
                var raws = items.values(for: field.name)
                if !field.isMultiple { raws = Array(raws.prefix(1)) }
                let valid = raws.filter(field.accepts)
                if valid.count != raws.count { invalid = true }
                if !valid.isEmpty { field.write(&query, valid) }
            }
            var pairs: [(String, String)] = []
            for field in fields {
                for value in field.read(query) { pairs.append((field.name, value)) }
            }
            return (pairs, invalid)
        }
    }

    /// Decodes a typed query from canonical pairs.
    /// Inlinable, so that it is compiled for the query type where a screen reads its query.
    @inlinable
    static func decode<Query: ScreenQuery>(_ type: Query.Type, from pairs: [RouteState.QueryPair], step: Int) -> Query {
        var query = Query()
        for field in Query.fields {
            var raws: [String] = []
            for pair in pairs where pair.step == step && pair.name == field.name { raws.append(pair.value) }
            if !raws.isEmpty { field.write(&query, raws) }
        }
        return query
    }
}
