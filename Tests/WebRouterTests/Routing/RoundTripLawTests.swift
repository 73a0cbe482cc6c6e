import Foundation
import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// The two laws of DESIGN.md, over random trees of depth up to 8:
/// parse(print(s)) == s for every state, and print(parse(u)) == u (normalised) for every URL
/// that parses. Seeded and reproducible: set WEBROUTER_PROPERTY_SEED to replay a run.
@Suite("Parse and print round-trip laws")
struct RoundTripLawTests {
    static let seed: UInt64 = ProcessInfo.processInfo.environment["WEBROUTER_PROPERTY_SEED"].flatMap(UInt64.init) ?? 0x5EED_2026

    func parse(_ table: RouteTable, _ url: String) -> Result<ParsedPath, RouteParseError>? {
        guard let segments = PathSegments.split(url) else { return nil }
        return table.parse(segments)
    }

    @Test("parse(print(s)) == s over 6 000 generated states")
    func printThenParse() throws {
        var checked = 0
        for treeIndex in 0..<30 {
            var generator = TreeGenerator(rng: SplitMix64(seed: Self.seed &+ UInt64(treeIndex)), maxDepth: 8)
            let table = try RouteTable(generator.window())
            for caseIndex in 0..<200 {
                let state = generator.state(in: table)
                let url = table.print(state)
                let parsed = try #require(parse(table, url), "seed \(Self.seed) tree \(treeIndex) case \(caseIndex): \(url) does not split")
                guard case .success(let path) = parsed else {
                    Issue.record("seed \(Self.seed) tree \(treeIndex) case \(caseIndex): \(url) does not parse: \(parsed)")
                    return
                }
                #expect(path.state == state, "seed \(Self.seed) tree \(treeIndex) case \(caseIndex): \(url)")
                checked += 1
            }
        }
        #expect(checked == 6_000)
    }

    /// Mutations of a canonical URL; `true` when the result must still parse to the same state.
    enum Mutation: CaseIterable {
        case none, uppercaseUUID, encodeSafeCharacter, trailingSlash   // same state
        case unknownStep, dropLastSegment, nonCanonicalInt, toggleTilde // must not crash; may fail
    }

    @Test("print(parse(u)) == normalised u over 6 000 generated URLs")
    func parseThenPrint() throws {
        var parsedCount = 0, failedCount = 0
        for treeIndex in 0..<30 {
            var generator = TreeGenerator(rng: SplitMix64(seed: Self.seed &+ 1_000 &+ UInt64(treeIndex)), maxDepth: 8)
            let table = try RouteTable(generator.window())
            for caseIndex in 0..<200 {
                let state = generator.state(in: table)
                let canonical = table.print(state)
                let mutation = Mutation.allCases.randomElement(using: &generator.rng)!
                let url = mutate(canonical, mutation, using: &generator.rng)
                let label = "seed \(Self.seed) tree \(treeIndex) case \(caseIndex): \(url) (\(mutation))"
                guard let result = parse(table, url) else { failedCount += 1; continue }
                switch result {
                case .success(let path):
                    let printed = table.print(path.state)
                    // Printing is canonical: parsing the printed URL gives the same state...
                    #expect(parse(table, printed).flatMap { try? $0.get().state } == path.state, "\(label)")
                    // ...and a URL that was canonical (or only differed in spelling) prints back to itself.
                    switch mutation {
                    case .none, .uppercaseUUID, .encodeSafeCharacter, .trailingSlash:
                        #expect(printed == canonical, "\(label)")
                        #expect(path.state == state, "\(label)")
                    case .unknownStep, .dropLastSegment, .nonCanonicalInt, .toggleTilde:
                        break
                    }
                    parsedCount += 1
                case .failure(let error):
                    #expect(![.none, .uppercaseUUID, .encodeSafeCharacter, .trailingSlash].contains(mutation), "\(label) failed: \(error)")
                    // The valid prefix is itself a state whose URL starts the canonical one.
                    if let prefix = error.validPrefix {
                        let printed = table.print(prefix)
                        #expect(parse(table, printed).flatMap { try? $0.get().state } == prefix, "\(label)")
                    }
                    failedCount += 1
                }
            }
        }
        #expect(parsedCount + failedCount == 6_000)
        #expect(parsedCount > 3_000 && failedCount > 500)
    }

    func mutate(_ url: String, _ mutation: Mutation, using rng: inout SplitMix64) -> String {
        var parts = url.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let last = parts.count - 1
        switch mutation {
        case .none: return url
        case .trailingSlash: return url == "/" ? url : url + "/"
        case .uppercaseUUID:
            return parts.map { $0.count == 36 && $0.filter({ $0 == "-" }).count == 4 ? $0.uppercased() : $0 }.joined(separator: "/")
        case .encodeSafeCharacter:
            // Spell a letter of a segment as %XX: the same URL to a server.
            guard last >= 1, let index = parts[last].firstIndex(where: { $0.isLetter && $0.isASCII }) else { return url }
            let char = parts[last][index]
            parts[last].replaceSubrange(index...index, with: "%" + String(char.asciiValue!, radix: 16, uppercase: true))
            return parts.joined(separator: "/")
        case .unknownStep:
            return url + "/no-such-step"
        case .dropLastSegment:
            return last >= 2 ? parts.dropLast().joined(separator: "/") : url + "/~"
        case .nonCanonicalInt:
            return parts.map { Int($0) != nil ? "0" + $0 : $0 }.joined(separator: "/")
        case .toggleTilde:
            guard last >= 1 else { return url }
            let index = Int.random(in: 1...last, using: &rng)
            parts[index] = parts[index].hasPrefix("~") ? String(parts[index].dropFirst()) : "~" + parts[index]
            return parts.joined(separator: "/")
        }
    }

    @Test func randomJunkNeverCrashes() throws {
        var generator = TreeGenerator(rng: SplitMix64(seed: Self.seed &+ 7), maxDepth: 8)
        let table = try RouteTable(generator.window())
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...10, using: &generator.rng)
            let url = "/" + (0..<count).map { _ in generator.string() }.joined(separator: "/")
            if let segments = PathSegments.split(url) { _ = table.parse(segments) }
        }
    }
}
