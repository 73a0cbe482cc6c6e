import Testing
@testable import webapp

@Suite("Search")
struct SearchIndexTests {
    let data = SampleData.shared
    let index = SearchIndex(data: SampleData.shared)

    @Test func findsAKnownPlayerByLowercasePartialAndAccentedQueries() throws {
        let player = try #require(data.player(7))
        let lastName = try #require(player.name.split(separator: " ").last.map(String.init))
        for query in [player.name.lowercased(), player.name.uppercased(), String(lastName.prefix(4)),
                      "  " + player.name + "  "] {
            let hits = index.search(query, options: SearchOptions(kinds: [.players])).players
            #expect(hits.items.contains { $0.id == 7 }, "query \(query)")
        }
    }

    @Test func ignoresDiacriticsBothWays() throws {
        let accented = try #require(data.players.first { $0.name.contains("ü") })
        let plain = TextFolding.string(accented.name)
        #expect(index.search(plain, options: SearchOptions(kinds: [.players])).players.items.contains { $0.id == accented.id })
        // An accent the name does not have still finds it, precomposed or decomposed.
        let player = try #require(data.player(7))
        let first = try #require(player.name.first.map(String.init))
        let decorated = first + "\u{0301}" + player.name.dropFirst()
        #expect(index.search(decorated, options: SearchOptions(kinds: [.players])).players.items.contains { $0.id == 7 })
        #expect(index.search("LIGA IBERICA", options: SearchOptions(kinds: [.leagues])).leagues.items.map(\.id) == [2])
        #expect(index.search("étoile", options: SearchOptions(kinds: [.leagues])).leagues.items.map(\.id) == [5])
    }

    @Test func findsMatchesByEitherTeam() throws {
        let team = try #require(data.team(3))
        let hits = index.search(team.name, options: SearchOptions(kinds: [.matches]), limit: 1_000).matches
        #expect(hits.total == data.matches(of: 3).count)
        #expect(hits.items.allSatisfy { $0.involves(teamID: 3) })
        #expect(hits.items.contains { $0.homeTeamID == 3 } && hits.items.contains { $0.awayTeamID == 3 })
    }

    @Test func respectsKindsAndLeagueFilters() {
        let onlyTeams = index.search("a", options: SearchOptions(kinds: [.teams]))
        #expect(onlyTeams.teams.total > 0)
        #expect(onlyTeams.players.total == 0 && onlyTeams.leagues.total == 0 && onlyTeams.matches.total == 0)

        let inLeague2 = index.search("a", options: SearchOptions(leagueID: 2), limit: 10_000)
        #expect(!inLeague2.players.items.isEmpty && !inLeague2.matches.items.isEmpty)
        #expect(inLeague2.players.items.allSatisfy { data.team($0.teamID)?.leagueID == 2 })
        #expect(inLeague2.teams.items.allSatisfy { $0.leagueID == 2 })
        #expect(inLeague2.leagues.items.allSatisfy { $0.id == 2 })
        #expect(inLeague2.matches.items.allSatisfy { data.tournament($0.tournamentID)?.leagueID == 2 })

        #expect(index.search("a", options: SearchOptions(kinds: [])).isEmpty)
        #expect(index.search("a", options: SearchOptions(leagueID: 99)).isEmpty)
    }

    @Test func capsEachListAndKeepsTheTotal() {
        let capped = index.search("a", options: SearchOptions(kinds: [.players]), limit: 5).players
        #expect(capped.items.count == 5)
        #expect(capped.total > 5 && capped.isTruncated)
        let byDefault = index.search("a", options: SearchOptions(kinds: [.players])).players
        #expect(byDefault.items.count == 50)
        #expect(index.search("a", limit: -1).players.items.isEmpty)
    }

    /// Only the best `limit` are kept while scanning: a capped list must be exactly the start
    /// of the uncapped one, in both orders and for every kind.
    @Test(arguments: ["a", "e r", "un", "ro"])
    func aCappedListIsThePrefixOfTheFullRanking(query: String) {
        for sort in [SearchOptions.Sort.relevance, .name] {
            let options = SearchOptions(sort: sort)
            let full = index.search(query, options: options, limit: 100_000)
            for limit in [0, 1, 7, 20] {
                let capped = index.search(query, options: options, limit: limit)
                #expect(capped.players.items.map(\.id) == Array(full.players.items.prefix(limit).map(\.id)))
                #expect(capped.teams.items.map(\.id) == Array(full.teams.items.prefix(limit).map(\.id)))
                #expect(capped.matches.items.map(\.id) == Array(full.matches.items.prefix(limit).map(\.id)))
                #expect(capped.players.total == full.players.total && capped.matches.total == full.matches.total)
            }
        }
    }

    @Test func emptyOrPunctuationQueriesFindNothing() {
        for query in ["", "   ", "-- ...", "\u{0301}"] {
            #expect(index.search(query).isEmpty, "query \(query.debugDescription)")
        }
        #expect(index.search("zzzzqqq").isEmpty)
    }

    @Test func wordPrefixesRankAboveSubstrings() throws {
        // "rov": "Riverside Rovers" has a word starting with it; names containing "rov" inside a
        // word (if any) must come after it.
        let hits = index.search("ro", options: SearchOptions(kinds: [.teams])).teams.items
        let firstInside = hits.firstIndex { team in
            !TextFolding.string(team.name).split(separator: " ").contains { $0.hasPrefix("ro") }
        }
        let lastPrefix = hits.lastIndex { team in
            TextFolding.string(team.name).split(separator: " ").contains { $0.hasPrefix("ro") }
        }
        let inside = try #require(firstInside)
        let prefix = try #require(lastPrefix)
        #expect(prefix < inside)
        // A name starting with the query ranks first.
        #expect(index.search("riverside", options: SearchOptions(kinds: [.teams])).teams.items.first?.id == 1)
    }

    @Test func sortsByNameWhenAsked() {
        let names = index.search("e", options: SearchOptions(kinds: [.teams], sort: .name)).teams.items
            .map { TextFolding.string($0.name) }
        #expect(names.count > 2)
        #expect(names == names.sorted())
    }

    @Test func everyWordMustMatch() throws {
        let player = try #require(data.player(7))
        let words = player.name.split(separator: " ")
        let reversed = words.reversed().joined(separator: " ")
        #expect(index.search(reversed, options: SearchOptions(kinds: [.players])).players.items.contains { $0.id == 7 })
        #expect(!index.search(player.name + " zzzq", options: SearchOptions(kinds: [.players])).players.items.contains { $0.id == 7 })
    }

    /// The ranking, spelt out naively (fold every name, find every word, sort everything), must
    /// be what the index returns: short and long queries (a query longer than the 8 bytes the
    /// index keeps of a name's start takes another path), one and several words, a league.
    @Test(arguments: ["a", "ro", "e r", "riverside", "riverside rovers", "rovers riverside", "an a", "zz"])
    func relevanceIsTheSpeltOutRanking(query: String) throws {
        let folded = TextFolding.fold(query)
        let words = folded.split(separator: UInt8(ascii: " ")).map(Array.init)
        func occurs(_ word: [UInt8], in key: [UInt8]) -> Int {
            guard word.count <= key.count else { return 0 }
            var quality = 0
            for start in 0...(key.count - word.count) where Array(key[start..<start + word.count]) == word {
                if start == 0 || key[start - 1] == UInt8(ascii: " ") { return 2 }
                quality = 1
            }
            return quality
        }
        func ranking(_ named: [(id: Int, name: String, leagueID: Int)]) -> (ids: [Int], total: Int) {
            let scored = named.compactMap { item -> (id: Int, key: [UInt8], score: Int)? in
                let key = TextFolding.fold(item.name)
                let qualities = words.map { occurs($0, in: key) }
                guard !qualities.contains(0) else { return nil }
                let startsWithQuery = key.starts(with: folded)
                return (item.id, key, qualities.reduce(0, +) + (startsWithQuery ? 10 : 0))
            }
            let sorted = scored.sorted { a, b in
                if a.score != b.score { return a.score > b.score }
                if a.key.count != b.key.count { return a.key.count < b.key.count }
                if a.key != b.key { return a.key.lexicographicallyPrecedes(b.key) }
                return a.id < b.id
            }
            return (sorted.map(\.id), sorted.count)
        }
        for leagueID in [nil, 2] as [Int?] {
            func inLeague(_ list: [(id: Int, name: String, leagueID: Int)]) -> [(id: Int, name: String, leagueID: Int)] {
                list.filter { leagueID == nil || $0.leagueID == leagueID }
            }
            let results = index.search(query, options: SearchOptions(leagueID: leagueID), limit: 100_000)
            let players = ranking(inLeague(data.players.map { ($0.id, $0.name, data.team($0.teamID)?.leagueID ?? 0) }))
            #expect(results.players.items.map(\.id) == players.ids && results.players.total == players.total)
            let teams = ranking(inLeague(data.teams.map { ($0.id, $0.name, $0.leagueID) }))
            #expect(results.teams.items.map(\.id) == teams.ids && results.teams.total == teams.total)
            let matches = ranking(inLeague(data.matches.map { match in
                let name = (data.team(match.homeTeamID)?.name ?? "") + " " + (data.team(match.awayTeamID)?.name ?? "")
                return (match.id, name, data.tournament(match.tournamentID)?.leagueID ?? 0)
            }))
            #expect(results.matches.items.map(\.id) == matches.ids && results.matches.total == matches.total)
        }
    }
}
