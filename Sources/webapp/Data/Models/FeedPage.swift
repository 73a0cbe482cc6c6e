/// An article of the Feed tab: a match report, a preview, a table update or club news.
///
/// ```swift
/// let data = SampleData.make()
/// if let list = data.feed(page: 1, perPage: 10) {
///     for item in list.items { print(item.published, item.title) }
/// }
/// ```
struct FeedPage: Sendable, Hashable, Identifiable {
    /// 1-based, dense, oldest first (the feed lists newest first).
    let id: Int
    /// Headline.
    let title: String
    /// One-sentence teaser for lists.
    let summary: String
    /// Body text, one string per paragraph (plain text, to be escaped when rendered).
    let paragraphs: [String]
    /// Matches the article is about.
    let relatedMatchIDs: [Int]
    /// Publication date.
    let published: Day
}
