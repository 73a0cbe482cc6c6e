/// Folds text for searching: lowercase ASCII letters and digits, diacritics removed
/// ("Müller" → "muller", "Ñ" → "n", "ß" → "ss", "Łukasz" → "lukasz"), every run of spaces and
/// punctuation collapsed into one space, no leading or trailing space. Works on Unicode scalars,
/// without Foundation, so precomposed ("é") and decomposed ("e" + U+0301) input fold alike.
/// Letters outside the Latin tables keep their lowercase UTF-8 bytes.
///
/// ```swift
/// TextFolding.fold("Saint-Aurèle")          // Array("saint aurele".utf8)
/// TextFolding.string("  JOSÉ  Álvarez ")     // "jose alvarez"
/// ```
enum TextFolding {
    private static let space = UInt8(ascii: " ")

    /// The folded bytes of `text`.
    static func fold(_ text: some StringProtocol) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        func emit(_ bytes: some Sequence<UInt8>) {
            if pendingSpace && !result.isEmpty { result.append(space) }
            pendingSpace = false
            result.append(contentsOf: bytes)
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x61...0x7A, 0x30...0x39:
                emit(CollectionOfOne(UInt8(value)))
            case 0x41...0x5A:
                emit(CollectionOfOne(UInt8(value + 0x20)))
            case 0x300...0x36F:
                continue // combining diacritical marks
            case 0xC0..<0x180:
                let mapped = latin[Int(value - 0xC0)]
                if mapped.isEmpty { pendingSpace = true } else { emit(mapped.utf8) }
            case 0x218, 0x219:
                emit(CollectionOfOne(UInt8(ascii: "s")))
            case 0x21A, 0x21B:
                emit(CollectionOfOne(UInt8(ascii: "t")))
            default:
                if value >= 0x80 && scalar.properties.isAlphabetic {
                    emit(scalar.properties.lowercaseMapping.utf8)
                } else {
                    pendingSpace = true
                }
            }
        }
        return result
    }

    /// The folded text as a `String`.
    static func string(_ text: some StringProtocol) -> String {
        String(decoding: fold(text), as: UTF8.self)
    }

    /// ASCII replacements for U+00C0 … U+017F (Latin-1 Supplement letters and Latin Extended-A);
    /// an empty string marks a non-letter (×, ÷), which separates words.
    private static let latin: [String] = {
        var table: [String] = []
        // U+00C0 … U+00FF
        table += ["a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
                  "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "ss",
                  "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
                  "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "y"]
        // U+0100 … U+017F, as (count, replacement) runs.
        let runs: [(Int, String)] = [
            (6, "a"), (8, "c"), (4, "d"), (10, "e"), (8, "g"), (4, "h"), (10, "i"), (2, "ij"), (2, "j"),
            (3, "k"), (10, "l"), (9, "n"), (6, "o"), (2, "oe"), (6, "r"), (8, "s"), (6, "t"), (12, "u"),
            (2, "w"), (3, "y"), (6, "z"), (1, "s"),
        ]
        for (count, replacement) in runs {
            table += Array(repeating: replacement, count: count)
        }
        return table
    }()
}
