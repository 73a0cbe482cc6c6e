import WebRouter
import WebRouterHTML
import WebRouterHTTP

/// The pages a client visited, as a browser's session history: back and forward move through
/// it, a new visit drops what was ahead. Also the trail of every request, for failure messages.
struct VisitHistory {
    /// A visit: the request that was made (a POST's body included, so reloading it re-posts,
    /// as a browser asks to).
    struct Entry {
        var method: HTTPMethod
        var url: String
        var headers: [(String, String)]
        var body: [UInt8]
    }

    private(set) var entries: [Entry] = []
    private(set) var index = -1
    /// Every request made, in order, as `GET /feed → 200`.
    var trail: [String] = []

    /// Records a new visit; after redirects, the entry is the page it landed on (a GET).
    mutating func push(_ visit: Entry, landedOn url: String) {
        entries.removeSubrange((index + 1)...)
        let landed = url == visit.url ? visit : Entry(method: .get, url: url, headers: visit.headers.filter { $0.0.lowercased() != "content-type" }, body: [])
        entries.append(landed)
        index = entries.count - 1
    }

    /// The entry `offset` steps away (−1 back, +1 forward, 0 this one), if there is one.
    func entry(at offset: Int) -> Entry? {
        let target = index + offset
        return entries.indices.contains(target) ? entries[target] : nil
    }

    /// Moves the cursor `offset` steps.
    mutating func move(by offset: Int) {
        index = max(0, min(entries.count - 1, index + offset))
    }

    /// The URLs, oldest first, with the current one marked: `/a · [/b] · /c`.
    var description: String {
        entries.enumerated().map { $0.offset == index ? "[\($0.element.url)]" : $0.element.url }.joined(separator: " · ")
    }
}
