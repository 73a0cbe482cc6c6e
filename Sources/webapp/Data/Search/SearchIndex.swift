/// Searches the sample data's players, teams, leagues and matches by name. Names are folded
/// once at build time (`TextFolding`: lowercase ASCII, no diacritics), so a query costs one fold
/// and a byte scan of about 1,300 short keys.
///
/// Every word of the query must occur in the name. Ranking (`.relevance`): a name starting with
/// the whole query first, then words matched at a word start over words matched inside a word,
/// then shorter names, then alphabetical. A match is found by either team's name.
///
/// ```swift
/// let index = SearchIndex(data: SampleData.shared)
/// let results = index.search("müller", options: SearchOptions(kinds: [.players]))
/// results.players.items.first?.name    // "Jonas Müller", say
/// ```
struct SearchIndex: Sendable {
    private struct Entry: Sendable {
        let id: Int
        let key: [UInt8]
        let leagueID: Int
    }

    /// The data the ids refer to.
    let data: SampleData
    // Each list is sorted by (key, id): the `.name` order.
    private let players: [Entry]
    private let teams: [Entry]
    private let leagues: [Entry]
    private let matches: [Entry]

    /// Folds and sorts every name of `data`.
    init(data: SampleData) {
        self.data = data
        func leagueOfTeam(_ id: Int) -> Int { data.team(id)?.leagueID ?? 0 }
        players = Self.sorted(data.players.map { Entry(id: $0.id, key: TextFolding.fold($0.name), leagueID: leagueOfTeam($0.teamID)) })
        teams = Self.sorted(data.teams.map { Entry(id: $0.id, key: TextFolding.fold($0.name), leagueID: $0.leagueID) })
        leagues = Self.sorted(data.leagues.map { Entry(id: $0.id, key: TextFolding.fold($0.name), leagueID: $0.id) })
        matches = Self.sorted(data.matches.map { match in
            let home = data.team(match.homeTeamID)?.name ?? ""
            let away = data.team(match.awayTeamID)?.name ?? ""
            return Entry(id: match.id, key: TextFolding.fold(home + " " + away),
                         leagueID: data.tournament(match.tournamentID)?.leagueID ?? 0)
        })
    }

    /// Searches `query` with `options`, keeping at most `limit` results per kind (a limit below
    /// 0 counts as 0; totals are counted regardless). An empty or punctuation-only query finds
    /// nothing.
    func search(_ query: String, options: SearchOptions = SearchOptions(), limit: Int = 50) -> SearchResults {
        let folded = TextFolding.fold(query)
        guard !folded.isEmpty else { return .none(query: query) }
        let words = folded.split(separator: UInt8(ascii: " ")).map(Array.init)
        let limit = max(0, limit)
        func hits<Item>(_ kind: SearchKind, _ entries: [Entry], _ item: (Int) -> Item?) -> SearchHits<Item> {
            guard options.kinds.contains(kind) else { return .none }
            let ranked = Self.rank(entries, folded: folded, words: words, leagueID: options.leagueID,
                                   sort: options.sort, limit: limit)
            return SearchHits(items: ranked.ids.compactMap(item), total: ranked.total)
        }
        return SearchResults(query: query,
                             players: hits(.players, players, data.player),
                             teams: hits(.teams, teams, data.team),
                             leagues: hits(.leagues, leagues, data.league),
                             matches: hits(.matches, matches, data.match))
    }

    // MARK: - Matching

    /// The ids of the first `limit` entries matching every word, in the requested order, and
    /// how many matched in all. Only the best `limit` are kept while scanning (a short query
    /// such as "a" matches most names; sorting them all was a third of the page's CPU).
    private static func rank(_ entries: [Entry], folded: [UInt8], words: [[UInt8]], leagueID: Int?,
                             sort: SearchOptions.Sort, limit: Int) -> (ids: [Int], total: Int) {
        typealias Candidate = (id: Int, score: Int, length: Int, order: Int)
        // Relevance: higher score, then shorter name, then name order (`order` is unique).
        func precedes(_ a: Candidate, _ b: Candidate) -> Bool {
            (b.score, a.length, a.order) < (a.score, b.length, b.order)
        }
        var best: [Candidate] = []
        best.reserveCapacity(limit + 1)
        var total = 0
        for (order, entry) in entries.enumerated() {
            if let leagueID, entry.leagueID != leagueID { continue }
            var score = 0
            var matchedAll = true
            for word in words {
                let quality = matchQuality(of: word, in: entry.key)
                if quality == 0 { matchedAll = false; break }
                score += quality
            }
            guard matchedAll else { continue }
            total += 1
            guard limit > 0 else { continue }
            if entry.key.starts(with: folded) { score += 10 }
            let candidate: Candidate = (entry.id, score, entry.key.count, order)
            guard sort == .relevance else {
                // Name order is the entries' own order: the first matches are the best.
                if best.count < limit { best.append(candidate) }
                continue
            }
            if best.count == limit, !precedes(candidate, best[limit - 1]) { continue }
            var low = 0, high = best.count
            while low < high {
                let middle = (low + high) / 2
                if precedes(best[middle], candidate) { low = middle + 1 } else { high = middle }
            }
            best.insert(candidate, at: low)
            if best.count > limit { best.removeLast() }
        }
        return (best.map(\.id), total)
    }

    /// 2 when `word` starts a word of `key`, 1 when it occurs only inside a word, 0 when absent.
    private static func matchQuality(of word: [UInt8], in key: [UInt8]) -> Int {
        let count = word.count
        guard count > 0, count <= key.count else { return 0 }
        var quality = 0
        key.withUnsafeBufferPointer { keyBytes in
            word.withUnsafeBufferPointer { wordBytes in
                let first = wordBytes[0]
                for start in 0...(keyBytes.count - count) where keyBytes[start] == first {
                    var index = 1
                    while index < count && keyBytes[start + index] == wordBytes[index] { index += 1 }
                    guard index == count else { continue }
                    if start == 0 || keyBytes[start - 1] == UInt8(ascii: " ") {
                        quality = 2
                        return
                    }
                    quality = 1
                }
            }
        }
        return quality
    }

    private static func sorted(_ entries: [Entry]) -> [Entry] {
        entries.sorted { lhs, rhs in
            lhs.key.lexicographicallyPrecedes(rhs.key) || (lhs.key == rhs.key && lhs.id < rhs.id)
        }
    }
}
