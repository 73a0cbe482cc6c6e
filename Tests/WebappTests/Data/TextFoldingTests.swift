import Testing
@testable import webapp

@Suite("Text folding")
struct TextFoldingTests {
    @Test(arguments: [
        ("Müller", "muller"), ("JOSÉ  Álvarez", "jose alvarez"), ("Łukasz Dąbrowski", "lukasz dabrowski"),
        ("Weißbach", "weissbach"), ("Søren Kjær", "soren kjaer"), ("Saint-Aurèle", "saint aurele"),
        ("1. FC Waldberg", "1 fc waldberg"), ("  Coupe de l'Étoile ", "coupe de l etoile"),
        ("Perišić", "perisic"), ("Conceição", "conceicao"), ("e\u{0301}toile", "etoile"), ("Œuvre", "oeuvre"),
        ("", ""), ("!!!", ""),
    ])
    func foldsToLowercaseASCII(input: String, expected: String) {
        #expect(TextFolding.string(input) == expected)
    }

    @Test func everyLatinLetterFoldsToASCII() {
        for value in UInt32(0xC0)..<0x180 {
            guard let scalar = Unicode.Scalar(value), value != 0xD7, value != 0xF7 else { continue }
            let folded = TextFolding.fold(String(Character(scalar)))
            #expect(!folded.isEmpty && folded.allSatisfy { (0x61...0x7A).contains($0) }, "U+\(String(value, radix: 16))")
        }
    }
}
