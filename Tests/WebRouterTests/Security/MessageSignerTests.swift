import Testing
import WebRouter

@Suite struct MessageSignerTests {
    let signer = MessageSigner(secret: SecurityFixtures.secret, purpose: "test")

    @Test(arguments: [
        [UInt8](),
        Array("hello".utf8),
        [0, 0xFF, 0x2E, 0x3B, 0x0D, 0x0A],
        [UInt8](repeating: 0xAB, count: 3000),
    ])
    func roundTrips(payload: [UInt8]) {
        let token = signer.sign(payload)
        #expect(SecurityFixtures.isTokenSafe(token))
        #expect(signer.verify(token) == payload)
    }

    @Test func signingIsDeterministic() {
        #expect(signer.sign([1, 2, 3]) == signer.sign([1, 2, 3]))
        #expect(signer.sign([1, 2, 3]) != signer.sign([1, 2, 4]))
    }

    @Test func everySingleCharacterChangeIsRejected() {
        let token = signer.sign(Array("user=ada;role=admin".utf8))
        let variants = SecurityFixtures.singleCharacterVariants(of: token)
        #expect(variants.count > 1000)
        let accepted = variants.filter { signer.verify($0) != nil }
        #expect(accepted.isEmpty, "accepted tampered tokens: \(accepted.prefix(3))")
    }

    @Test func truncatedOrExtendedTokensAreRejected() {
        let token = signer.sign(Array("payload".utf8))
        for length in 0..<token.utf8.count {
            #expect(signer.verify(String(token.prefix(length))) == nil)
        }
        #expect(signer.verify(token + "A") == nil)
        #expect(signer.verify("A" + token) == nil)
        #expect(signer.verify(token + ".") == nil)
        #expect(signer.verify(" " + token) == nil)
        #expect(signer.verify(token + "\n") == nil)
    }

    @Test func tokensFromAnotherPurposeOrSecretAreRejected() {
        let payload = Array("same payload".utf8)
        let otherPurpose = MessageSigner(secret: SecurityFixtures.secret, purpose: "test2")
        let otherSecret = MessageSigner(secret: SecurityFixtures.otherSecret, purpose: "test")
        #expect(signer.verify(otherPurpose.sign(payload)) == nil)
        #expect(otherPurpose.verify(signer.sign(payload)) == nil)
        #expect(signer.verify(otherSecret.sign(payload)) == nil)
    }

    @Test func swappingPayloadsBetweenTokensIsRejected() throws {
        let first = signer.sign(Array("first".utf8))
        let second = signer.sign(Array("second".utf8))
        let firstPayload = try #require(first.split(separator: ".").first)
        let secondMAC = try #require(second.split(separator: ".").last)
        #expect(signer.verify("\(firstPayload).\(secondMAC)") == nil)
    }

    @Test func boundTokensVerifyOnlyWithTheirContext() {
        let token = signer.sign([7], boundTo: Array("browser-a".utf8))
        #expect(signer.verify(token, boundTo: Array("browser-a".utf8)) == [7])
        #expect(signer.verify(token, boundTo: Array("browser-b".utf8)) == nil)
        #expect(signer.verify(token) == nil)
        #expect(signer.verify(signer.sign([7]), boundTo: Array("browser-a".utf8)) == nil)
    }

    @Test(arguments: [
        "", ".", "..", "abc", "no-dot-at-all", "a.b", "!!!.!!!", "Zg==.Zg==",
        "é.ü", "🙂", "🙂.🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂", "\0", "abc\0.def", "\r\n.\r\n",
        ".AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "AAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "AAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.AAAA",
    ])
    func malformedTokensAreRejected(token: String) {
        #expect(signer.verify(token) == nil)
    }

    @Test func hugeTokensAreRejected() {
        let valid = signer.sign([UInt8](repeating: 1, count: 100))
        let huge = String(repeating: "A", count: 1_000_000) + valid
        #expect(signer.verify(huge) == nil)
        #expect(signer.verify(String(repeating: ".", count: 100_000)) == nil)
        #expect(signer.verify(String(repeating: "🙂", count: 100_000)) == nil)
    }

    @Test func randomGarbageIsRejected() {
        var generator = SplitMix64(seed: 42)
        let valid = Array(signer.sign(Array("seed".utf8)).utf8)
        for _ in 0..<2000 {
            let length = Int.random(in: 0...120, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            if Bool.random(using: &generator), !bytes.isEmpty {
                // Splice random bytes into a real token to stay close to the valid shape.
                bytes = Array(valid.prefix(Int.random(in: 0...valid.count, using: &generator))) + bytes.prefix(3)
            }
            #expect(signer.verify(String(decoding: bytes, as: UTF8.self)) == nil)
        }
    }
}
