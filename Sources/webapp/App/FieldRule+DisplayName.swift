import WebRouter

extension FieldRule where Value == String {
    /// The store's refusal of control characters in a display name, as a form rule (server
    /// only): the control characters (`Cc`) and every invisible direction mark or control
    /// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which would make a name read
    /// backwards where it is shown (the fields refuse most of these already; this one is the
    /// store's own, stricter rule).
    ///
    /// ```swift
    /// .text("display_name", \.displayName, label: "Display name", .noControlCharacters)
    /// ```
    static var noControlCharacters: FieldRule {
        .custom("The display name cannot contain control characters.") { name in
            !name.unicodeScalars.contains { scalar in
                scalar.properties.generalCategory == .control || scalar.properties.isBidiControl
            }
        }
    }
}
