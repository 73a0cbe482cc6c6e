import WebRouter

extension FieldRule where Value == String {
    /// The store's refusal of control characters in a display name, as a form rule (server only).
    ///
    /// ```swift
    /// .text("display_name", \.displayName, label: "Display name", .noControlCharacters)
    /// ```
    static var noControlCharacters: FieldRule {
        .custom("The display name cannot contain control characters.") { name in
            !name.unicodeScalars.contains { $0.properties.generalCategory == .control }
        }
    }
}
