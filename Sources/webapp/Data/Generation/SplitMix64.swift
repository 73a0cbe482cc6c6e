/// A small, fast, seeded pseudo-random generator (SplitMix64) that makes the sample data
/// reproducible: the same seed gives the same numbers on every platform and Swift version,
/// because every derived draw (ranges, doubles, picks, shuffles) is implemented here rather than
/// by the standard library. Not for anything security related.
///
/// ```swift
/// var rng = SplitMix64(seed: 2026)
/// let goals = rng.int(in: 0...5)
/// let name = rng.pick(["Ada", "Bea"])
/// ```
struct SplitMix64: Sendable {
    private var state: UInt64

    /// A generator whose sequence is fully determined by `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed integer in `range` (which must not be empty).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) &+ 1
        if width == 0 { return Int(bitPattern: UInt(next())) } // the full Int range
        // Multiply-shift (Lemire) with rejection keeps the result unbiased.
        var product = next().multipliedFullWidth(by: width)
        if product.low < width {
            let threshold = (0 &- width) % width
            while product.low < threshold {
                product = next().multipliedFullWidth(by: width)
            }
        }
        return range.lowerBound + Int(product.high)
    }

    /// A uniformly distributed double in `0 ..< 1`.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// `true` with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// A uniformly chosen element of a non-empty array.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[int(in: 0...(elements.count - 1))]
    }

    /// An index chosen with probability proportional to its weight (weights ≥ 0, not all 0:
    /// otherwise index 0).
    mutating func weightedIndex(_ weights: [Double]) -> Int {
        let total = weights.reduce(0, +)
        guard total > 0 else { return 0 }
        var target = unit() * total
        for (index, weight) in weights.enumerated() {
            target -= weight
            if target < 0 { return index }
        }
        return weights.count - 1
    }

    /// A Poisson-distributed count with mean `lambda` (Knuth's method; fine for small means).
    mutating func poisson(mean lambda: Double) -> Int {
        let limit = (-lambda).exponential
        var count = 0
        var product = unit()
        while product > limit {
            count += 1
            product *= unit()
        }
        return count
    }

    /// The elements in a random order (Fisher–Yates).
    mutating func shuffled<Element>(_ elements: [Element]) -> [Element] {
        var result = elements
        var index = result.count - 1
        while index > 0 {
            result.swapAt(index, int(in: 0...index))
            index -= 1
        }
        return result
    }
}

extension Double {
    /// `e` raised to `self`, without Foundation (series on a range-reduced argument).
    fileprivate var exponential: Double {
        // e^x = (e^(x/2^k))^(2^k); reduce until |x| ≤ 1/16 then use a Taylor series.
        var x = self
        var squarings = 0
        while abs(x) > 0.0625 {
            x /= 2
            squarings += 1
        }
        var term = 1.0
        var sum = 1.0
        for n in 1...12 {
            term *= x / Double(n)
            sum += term
        }
        for _ in 0..<squarings { sum *= sum }
        return sum
    }
}
