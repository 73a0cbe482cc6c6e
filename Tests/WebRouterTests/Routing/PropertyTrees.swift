import Foundation
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

enum Colour: String, URLContext, CaseIterable { case red, green, blue }

/// A context spanning two segments.
struct Pair: URLContext, Equatable {
    var number: Int
    var colour: Colour
    static let pathSegmentCount = 2
    static let urlExample = Pair(number: 1, colour: .red)
    init(number: Int, colour: Colour) { self.number = number; self.colour = colour }
    init?(pathSegments: ArraySlice<String>) {
        guard let number = Int(pathSegments: pathSegments.prefix(1)),
              let colour = Colour(pathSegments: pathSegments.dropFirst()) else { return nil }
        self.init(number: number, colour: colour)
    }
    func appendPathSegments(to segments: inout [String]) {
        number.appendPathSegments(to: &segments)
        colour.appendPathSegments(to: &segments)
    }
}

// Five screen kinds with different contexts; their optional transitions make random trees.
struct PA: ContentScreen {
    var a: Push<PA, PA>?; var b: Push<PA, PB>?; var c: Present<PA, Navigation<PC>>?; var d: Present<PA, PD>?
    func body(_ context: Void, router: Router<PA>) -> some HTML { "A" }
}
struct PB: ContentScreen {
    typealias Context = Int
    var a: Push<PB, PA>?; var e: Push<PB, PE>?; var c: Present<PB, Navigation<PC>>?
    func body(_ context: Int, router: Router<PB>) -> some HTML { "B" }
}
struct PC: ContentScreen {
    typealias Context = String
    var b: Push<PC, PB>?; var d: Present<PC, PD>?; var a: Push<PC, PA>?
    func body(_ context: String, router: Router<PC>) -> some HTML { "C" }
}
struct PD: ContentScreen {
    typealias Context = UUID
    var c: Present<PD, Navigation<PC>>?; var e: Present<PD, Navigation<PE>>?
    func body(_ context: UUID, router: Router<PD>) -> some HTML { "D" }
}
struct PE: ContentScreen {
    typealias Context = Pair
    var b: Push<PE, PB>?; var d: Present<PE, PD>?
    func body(_ context: Pair, router: Router<PE>) -> some HTML { "E" }
}

/// Builds random trees up to a depth, and random values for each context type.
struct TreeGenerator {
    var rng: SplitMix64
    let maxDepth: Int

    mutating func coin() -> Bool { Double.random(in: 0..<1, using: &rng) < 0.55 }

    mutating func a(_ depth: Int) -> PA {
        guard depth < maxDepth else { return PA() }
        return PA(a: coin() ? Push(a(depth + 1)) : nil, b: coin() ? Push(b(depth + 1)) : nil,
                  c: coin() ? Present(Navigation(c(depth + 1))) : nil, d: coin() ? Present(d(depth + 1)) : nil)
    }
    mutating func b(_ depth: Int) -> PB {
        guard depth < maxDepth else { return PB() }
        return PB(a: coin() ? Push(a(depth + 1)) : nil, e: coin() ? Push(e(depth + 1)) : nil,
                  c: coin() ? Present(Navigation(c(depth + 1))) : nil)
    }
    mutating func c(_ depth: Int) -> PC {
        guard depth < maxDepth else { return PC() }
        return PC(b: coin() ? Push(b(depth + 1)) : nil, d: coin() ? Present(d(depth + 1)) : nil,
                  a: coin() ? Push(a(depth + 1)) : nil)
    }
    mutating func d(_ depth: Int) -> PD {
        guard depth < maxDepth else { return PD() }
        return PD(c: coin() ? Present(Navigation(c(depth + 1))) : nil, e: coin() ? Present(Navigation(e(depth + 1))) : nil)
    }
    mutating func e(_ depth: Int) -> PE {
        guard depth < maxDepth else { return PE() }
        return PE(b: coin() ? Push(b(depth + 1)) : nil, d: coin() ? Present(d(depth + 1)) : nil)
    }

    mutating func window() -> Window {
        let first = a(1), second = a(1)
        return Window(Tabs { Navigation(first); Navigation(second).named("other") })
    }

    static let alphabet: [String] = ["a", "Z", "0", "9", "-", "_", ".", "~", "/", "?", "#", "%", "%2F", " ", "+", "&", "=",
                                     "é", "ß", "😀", "\u{0}", "\n", "\"", "'", "<", ">", ";", ":", "@", "!", "*"]

    mutating func string() -> String {
        let length = Int.random(in: 1...8, using: &rng)
        return (0..<length).map { _ in Self.alphabet.randomElement(using: &rng)! }.joined()
    }

    /// A random value of the node's context type, encoded canonically.
    mutating func segments(for codec: ContextCodec) -> [String] {
        let value: any Sendable
        switch codec.valueType {
        case is Void.Type: value = ()
        case is Int.Type: value = Int.random(in: -1_000_000...1_000_000, using: &rng)
        case is String.Type: value = string()
        case is UUID.Type:
            var bytes = [UInt8](repeating: 0, count: 16)
            for i in bytes.indices { bytes[i] = UInt8.random(in: 0...255, using: &rng) }
            value = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        case is Pair.Type: value = Pair(number: Int.random(in: 0...99, using: &rng), colour: Colour.allCases.randomElement(using: &rng)!)
        default: fatalError("no generator for \(codec.typeName)")
        }
        guard let context = value as? any URLContext else { return [] }   // Void
        var segments: [String] = []
        context.appendPathSegments(to: &segments)
        return segments
    }

    /// A random state: a random walk from a random root.
    mutating func state(in table: RouteTable) -> RouteState {
        let roots = table.caseRoots.flatMap { $0 }
        var state = table.rootState(roots.randomElement(using: &rng)!)
        let length = Int.random(in: 0...12, using: &rng)
        for _ in 0..<length {
            let node = table.nodes[state.steps[state.steps.count - 1].node]
            guard let child = node.children.randomElement(using: &rng) else { break }
            state = state.appending(node: child, segments: segments(for: table.nodes[child].codec))
        }
        return state
    }
}
