/// The results of one kind of a search: the first `limit` items and how many there were in all.
///
/// ```swift
/// let hits = index.search("united", options: SearchOptions()).teams
/// print("\(hits.items.count) of \(hits.total)")
/// ```
struct SearchHits<Item: Sendable>: Sendable {
    /// The best results, at most the search's limit.
    let items: [Item]
    /// Number of matching items before the limit.
    let total: Int

    /// No results.
    static var none: SearchHits { SearchHits(items: [], total: 0) }

    /// `true` when more matched than `items` holds.
    var isTruncated: Bool { total > items.count }
}
