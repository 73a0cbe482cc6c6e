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
        /// The letters of `key` (see ``LetterMask``): a word with a letter outside it cannot occur.
        let letters: LetterMask
        /// The letters that start a word of `key`: a one-letter word is settled by the masks.
        let wordStarts: LetterMask
        /// The first 8 bytes of `key` (see ``KeyHead``) and its length: whether a query of up to
        /// 8 bytes starts the name is answered without reading the key.
        let head: UInt64
        let length: Int

        init(id: Int, key: [UInt8], leagueID: Int) {
            self.id = id
            self.key = key
            self.leagueID = leagueID
            letters = LetterMask(key)
            wordStarts = LetterMask(wordStartsOf: key)
            head = KeyHead.of(key)
            length = key.count
        }
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
        let words = folded.split(separator: UInt8(ascii: " ")).map { QueryWord(Array($0)) }
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
    private static func rank(_ entries: [Entry], folded: [UInt8], words: [QueryWord], leagueID: Int?,
                             sort: SearchOptions.Sort, limit: Int) -> (ids: [Int], total: Int) {
        typealias Candidate = (id: Int, score: Int, length: Int, order: Int)
        // Relevance: higher score, then shorter name, then name order (`order` is unique).
        func precedes(_ a: Candidate, _ b: Candidate) -> Bool {
            (b.score, a.length, a.order) < (a.score, b.length, b.order)
        }
        var best: [Candidate] = []
        best.reserveCapacity(limit + 1)
        var total = 0
        // A name lacks a word when it lacks one of the word's letters: one test against every
        // word's letters at once. A one-letter word is then settled by the masks alone (2 at a
        // word start, else 1); only longer words are scanned byte by byte.
        var required = LetterMask()
        var singles: [LetterMask] = []
        var longer: [[UInt8]] = []
        for word in words {
            required.formUnion(word.letters)
            if let letter = word.singleLetter { singles.append(letter) } else { longer.append(word.bytes) }
        }
        // Whether the name starts with the whole query: from the entry's head when the query
        // fits in it, else from the key.
        let queryHead = KeyHead.of(folded)
        let headMask = KeyHead.mask(count: folded.count)
        let queryFitsHead = folded.count <= KeyHead.capacity
        // Entries and keys are read in place (a `for entry in entries` loop copied each entry
        // out, retaining and releasing its key).
        entries.withUnsafeBufferPointer { entries in
            for order in entries.indices {
                if let leagueID, entries[order].leagueID != leagueID { continue }
                guard entries[order].letters.contains(required) else { continue }
                var score = 0
                let wordStarts = entries[order].wordStarts
                for letter in singles { score += wordStarts.contains(letter) ? 2 : 1 }
                if !longer.isEmpty {
                    let longScore = entries[order].key.withUnsafeBufferPointer { key in
                        var score = 0
                        for word in longer {
                            let quality = word.withUnsafeBufferPointer { matchQuality(of: $0, in: key) }
                            if quality == 0 { return -1 }   // a word is missing
                            score += quality
                        }
                        return score
                    }
                    guard longScore >= 0 else { continue }
                    score += longScore
                }
                total += 1
                guard limit > 0 else { continue }
                let length = entries[order].length
                var startsWithQuery = folded.count <= length && entries[order].head & headMask == queryHead
                if startsWithQuery && !queryFitsHead {
                    startsWithQuery = entries[order].key.withUnsafeBufferPointer { key in
                        folded.withUnsafeBufferPointer { hasPrefix($0, key) }
                    }
                }
                let candidate: Candidate = (entries[order].id, score + (startsWithQuery ? 10 : 0), length, order)
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
                guard best.count == limit else { best.insert(candidate, at: low); continue }
                // Full: the last one drops out and the ones from `low` move up, in place (an
                // insert then `removeLast` went through the generic `replaceSubrange`).
                best.withUnsafeMutableBufferPointer { best in
                    var index = limit - 1
                    while index > low { best[index] = best[index - 1]; index -= 1 }
                    best[low] = candidate
                }
            }
        }
        return (best.map(\.id), total)
    }

    /// Whether `key` starts with `prefix`.
    private static func hasPrefix(_ prefix: UnsafeBufferPointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard prefix.count <= key.count else { return false }
        for index in prefix.indices where prefix[index] != key[index] { return false }
        return true
    }

    /// 2 when `word` starts a word of `key`, 1 when it occurs only inside a word, 0 when absent.
    private static func matchQuality(of wordBytes: UnsafeBufferPointer<UInt8>, in keyBytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = wordBytes.count
        guard count > 0, count <= keyBytes.count else { return 0 }
        var quality = 0
        let first = wordBytes[0]
        for start in 0...(keyBytes.count - count) where keyBytes[start] == first {
            var index = 1
            while index < count && keyBytes[start + index] == wordBytes[index] { index += 1 }
            guard index == count else { continue }
            if start == 0 || keyBytes[start - 1] == UInt8(ascii: " ") { return 2 }
            quality = 1
        }
        return quality
    }

    private static func sorted(_ entries: [Entry]) -> [Entry] {
        entries.sorted { lhs, rhs in
            lhs.key.lexicographicallyPrecedes(rhs.key) || (lhs.key == rhs.key && lhs.id < rhs.id)
        }
    }
}

/// A word of a query, with the letters a name must have to contain it.
private struct QueryWord {
    let bytes: [UInt8]
    let letters: LetterMask
    /// The word's one letter or digit, when that is all it is (its masks settle it exactly).
    let singleLetter: LetterMask?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        letters = LetterMask(bytes)
        singleLetter = bytes.count == 1 && LetterMask.isExact(bytes[0]) ? LetterMask(bytes) : nil
    }
}

/// A set of the bytes of a folded name: one bit per letter and digit (exact), the other bytes
/// sharing the rest (so a test against them is only a filter). Folded names are lowercase
/// ASCII, so a name lacks a letter of a word when the word's mask is not inside the name's.
///
/// ```swift
/// LetterMask(Array("rovers".utf8)).contains(LetterMask(Array("ro".utf8)))   // true
/// ```
struct LetterMask: Equatable {
    var bits: UInt64 = 0

    /// No letters.
    init() {}

    init(_ bytes: [UInt8]) {
        for byte in bytes { bits |= Self.bit(byte) }
    }

    /// The letters that start a word (the first byte, and every byte after a space).
    init(wordStartsOf bytes: [UInt8]) {
        for (index, byte) in bytes.enumerated() where index == 0 || bytes[index - 1] == UInt8(ascii: " ") {
            bits |= Self.bit(byte)
        }
    }

    func contains(_ other: LetterMask) -> Bool { bits & other.bits == other.bits }

    /// Adds the letters of `other`.
    mutating func formUnion(_ other: LetterMask) { bits |= other.bits }

    /// Whether `byte` has a bit of its own (a–z, 0–9).
    static func isExact(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func bit(_ byte: UInt8) -> UInt64 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): 1 << UInt64(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): 1 << UInt64(26 + byte - UInt8(ascii: "0"))
        default: 1 << UInt64(36 + byte % 28)
        }
    }
}

/// The first bytes of a folded name packed in one word (byte `i` in bits `8i..<8i+8`, zeros
/// past the end), so "does the name start with the query" is a mask and a compare when the
/// query is at most ``capacity`` bytes long.
///
/// ```swift
/// KeyHead.of(Array("ab".utf8)) & KeyHead.mask(count: 1) == KeyHead.of(Array("a".utf8))   // true
/// ```
enum KeyHead {
    static let capacity = 8

    static func of(_ bytes: [UInt8]) -> UInt64 {
        var head: UInt64 = 0
        for index in 0..<min(bytes.count, capacity) { head |= UInt64(bytes[index]) << UInt64(8 * index) }
        return head
    }

    /// The bits of the first `count` bytes (all of them from ``capacity`` on).
    static func mask(count: Int) -> UInt64 {
        count >= capacity ? .max : (1 << UInt64(8 * count)) - 1
    }
}
