/// One page of a longer list, with what a pager needs (page count, previous/next).
///
/// ```swift
/// if let list = SampleData.make().feed(page: 2, perPage: 10) {
///     list.items.count      // up to 10
///     list.hasNext          // whether page 3 exists
/// }
/// ```
struct PagedList<Item: Sendable>: Sendable {
    /// The items of this page.
    let items: [Item]
    /// This page's number, 1-based.
    let page: Int
    /// Page size.
    let perPage: Int
    /// Items over all pages.
    let totalItems: Int

    /// Number of pages (at least 1, even for an empty list).
    var pageCount: Int { totalItems == 0 ? 1 : (totalItems - 1) / perPage + 1 }
    /// Whether a page before this one exists.
    var hasPrevious: Bool { page > 1 }
    /// Whether a page after this one exists.
    var hasNext: Bool { page < pageCount }

    /// Page `page` of `all` with `perPage` items a page; `nil` when `page` or `perPage` is below 1
    /// or `page` is past the last page.
    init?(_ all: [Item], page: Int, perPage: Int) {
        guard page >= 1, perPage >= 1 else { return nil }
        let pageCount = all.isEmpty ? 1 : (all.count - 1) / perPage + 1
        guard page <= pageCount else { return nil }
        let start = (page - 1) * perPage
        let end = min(start + perPage, all.count)
        self.items = start < end ? Array(all[start..<end]) : []
        self.page = page
        self.perPage = perPage
        self.totalItems = all.count
    }
}
