/// What a text field accepts beyond its safe default. By default a text field refuses
/// control characters (NUL, ESC, …: a text area keeps its line breaks and tabs) and the
/// invisible bidirectional controls (U+202A–U+202E, U+2066–U+2069) that make a name read
/// backwards, and a `.url` field takes only `http` and `https` addresses with a host.
/// ```swift
/// .text("link", \.link, label: "Link", type: .url, allowing: .otherURLSchemes)   // mailto:, ftp:, …
/// .multiline("poem", \.poem, label: "Poem", allowing: .bidiControls)           // mixed-direction text
/// ```
public struct TextAllowance: OptionSet, Sendable {
    /// The option's bit.
    public let rawValue: Int
    /// Makes an allowance from its bit (use the named ones).
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Control characters (U+0000–U+001F, U+007F–U+009F).
    public static let controlCharacters = TextAllowance(rawValue: 1 << 0)
    /// The bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069).
    public static let bidiControls = TextAllowance(rawValue: 1 << 1)
    /// Any absolute URL in a `.url` field, whatever its scheme (as a browser's own check).
    public static let otherURLSchemes = TextAllowance(rawValue: 1 << 2)
}
