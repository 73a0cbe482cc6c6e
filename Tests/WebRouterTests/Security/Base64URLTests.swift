import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

@Suite struct Base64URLTests {
    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"),
        ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
    ])
    func matchesRFC4648Vectors(plain: String, encoded: String) {
        #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
        #expect(Base64URL.decode(encoded) == Array(plain.utf8))
    }

    @Test func usesTheURLSafeAlphabet() {
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
    }

    @Test func roundTripsEveryLengthAndByte() {
        var generator = SplitMix64(seed: 1)
        for length in 0...70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let text = Base64URL.encode(bytes)
            #expect(text.utf8.count == Base64URL.encodedLength(of: length))
            #expect(Base64URL.decode(text) == bytes)
        }
        let all = (0...255).map(UInt8.init)
        #expect(Base64URL.decode(Base64URL.encode(all)) == all)
    }

    @Test(arguments: [
        "Zg==",      // padding
        "Zm9v+A",    // standard-alphabet '+'
        "Zm9v/A",    // standard-alphabet '/'
        "Zm9vY",     // impossible length
        "Zh",        // non-zero trailing bits: not the canonical encoding of "f"
        "Zm9",       // non-zero trailing bits
        "Zm 9v",     // space
        "Zm9v\n",    // newline
        "Zé9v",      // non-ASCII
    ])
    func refusesNonCanonicalInput(text: String) {
        #expect(Base64URL.decode(text) == nil)
        #expect(!Base64URL.isCanonical(text))
    }

    /// `isCanonical` is `decode(_:) != nil` without the bytes: the two agree on every
    /// length up to 12 over an alphabet with the edge cases (trailing bits, `=`, `+`, é).
    @Test func isCanonicalAgreesWithDecode() {
        let pieces = ["A", "B", "Q", "g", "w", "h", "Z", "-", "_", "8", "=", "+", "/", " ", "é"]
        var generator = SplitMix64(seed: 7)
        for length in 0...12 {
            for _ in 0..<400 {
                let text = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
                #expect(Base64URL.isCanonical(text) == (Base64URL.decode(text) != nil), "\(text)")
            }
        }
        for length in 0...40 {
            let encoded = Base64URL.encode((0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
            #expect(Base64URL.isCanonical(encoded))
        }
    }
}
