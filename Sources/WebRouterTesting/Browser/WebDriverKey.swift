import WebRouterHTML
/// A key for ``WebDriverSession/pressKey(_:)`` and ``WebDriverSession/type(_:into:)``: either a
/// printable character or one of WebDriver's special keys, which it spells as code points in
/// the Private Use Area (`U+E00C` is Escape).
///
/// ```swift
/// try await session.pressKey(.escape)
/// try await session.type("Ada" + WebDriverKey.enter.value, into: field)
/// ```
package struct WebDriverKey: Sendable, Hashable, CustomStringConvertible {
    /// The string WebDriver expects: one character (a grapheme), a special key's code point included.
    package var value: String
    /// A readable name for messages (`Escape`, `a`).
    package var name: String

    /// A key by its WebDriver value; `name` defaults to the value itself.
    package init(_ value: String, name: String? = nil) {
        self.value = value
        self.name = name ?? value
    }

    /// A printable character: `.character("a")`.
    package static func character(_ character: Character) -> WebDriverKey {
        WebDriverKey(String(character))
    }

    /// Backspace (`U+E003`).
    package static let backspace = WebDriverKey("\u{E003}", name: "Backspace")
    /// Tab (`U+E004`).
    package static let tab = WebDriverKey("\u{E004}", name: "Tab")
    /// Return (`U+E006`).
    package static let `return` = WebDriverKey("\u{E006}", name: "Return")
    /// Enter (`U+E007`).
    package static let enter = WebDriverKey("\u{E007}", name: "Enter")
    /// Shift (`U+E008`).
    package static let shift = WebDriverKey("\u{E008}", name: "Shift")
    /// Escape (`U+E00C`).
    package static let escape = WebDriverKey("\u{E00C}", name: "Escape")
    /// Space (`U+E00D`).
    package static let space = WebDriverKey("\u{E00D}", name: "Space")
    /// Page Up (`U+E00E`).
    package static let pageUp = WebDriverKey("\u{E00E}", name: "PageUp")
    /// Page Down (`U+E00F`).
    package static let pageDown = WebDriverKey("\u{E00F}", name: "PageDown")
    /// End (`U+E010`).
    package static let end = WebDriverKey("\u{E010}", name: "End")
    /// Home (`U+E011`).
    package static let home = WebDriverKey("\u{E011}", name: "Home")
    /// Left arrow (`U+E012`).
    package static let arrowLeft = WebDriverKey("\u{E012}", name: "ArrowLeft")
    /// Up arrow (`U+E013`).
    package static let arrowUp = WebDriverKey("\u{E013}", name: "ArrowUp")
    /// Right arrow (`U+E014`).
    package static let arrowRight = WebDriverKey("\u{E014}", name: "ArrowRight")
    /// Down arrow (`U+E015`).
    package static let arrowDown = WebDriverKey("\u{E015}", name: "ArrowDown")
    /// Delete (`U+E017`).
    package static let delete = WebDriverKey("\u{E017}", name: "Delete")

    /// The readable name.
    package var description: String { name }
}
