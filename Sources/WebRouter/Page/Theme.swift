import Foundation
import WebRouterHTML
/// An app's colours for the chrome: the accent of tabs, links, buttons and focus rings, and
/// its companions, in light and dark.
///
/// One colour is enough; the companions are derived from it and each can be overridden:
/// ```swift
/// configuration.layout = PageLayout(theme: Theme(accent: .hex("#0a7d4f")))
/// ```
/// The theme is served as a small stylesheet under `/_webrouter/` (content-hashed, cached
/// immutably, linked right after the framework's own), since the pages' Content Security
/// Policy forbids inline styles. ``Application/serve(_:logger:)`` warns at start about every
/// pair of its colours under WCAG AA's 4.5:1 for text. The properties it sets are described in
/// <doc:Theming>.
public struct Theme: Sendable, Equatable {
    /// One colour of a theme, opaque sRGB.
    public struct Color: Sendable, Equatable, CustomStringConvertible {
        /// Red, green and blue, 0…255.
        public let red: UInt8, green: UInt8, blue: UInt8

        /// A colour from its components, 0…255.
        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// A colour written `#rrggbb` or `#rgb` (the `#` is optional). An invalid string is a
        /// programming error: the theme is set once at start-up.
        public static func hex(_ text: String) -> Color {
            var digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
            if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
            guard digits.count == 6, let value = UInt32(digits, radix: 16) else {
                preconditionFailure("Theme.Color.hex: \"\(text)\" is not #rrggbb or #rgb")
            }
            return Color(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        }

        /// `#rrggbb`, lower case.
        public var description: String {
            "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }

        /// WCAG 2.2's relative luminance.
        var luminance: Double {
            func linear(_ component: UInt8) -> Double {
                let c = Double(component) / 255
                return c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        }

        /// WCAG 2.2's contrast ratio with `other`, 1…21.
        func contrast(with other: Color) -> Double {
            let (a, b) = (luminance + 0.05, other.luminance + 0.05)
            return max(a, b) / min(a, b)
        }

        /// This colour moved `amount` (0…1) of the way to `other`.
        func mixed(with other: Color, _ amount: Double) -> Color {
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * amount).rounded()) }
            return Color(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue))
        }

        static let white = Color(red: 255, green: 255, blue: 255)
        static let black = Color(red: 0, green: 0, blue: 0)
    }

    /// The accent colours of one appearance (light or dark).
    public struct Accent: Sendable, Equatable {
        /// `--accent`: links, the selected tab, outlined buttons, focus rings.
        public var accent: Color
        /// `--accent-fill`: the background of filled buttons and the skip link.
        public var fill: Color
        /// `--accent-tint`: the pale background of the selected segment and tinted controls.
        public var tint: Color
        /// `--on-accent`: text and icons on `--accent-fill`.
        public var onAccent: Color

        /// An appearance's accents, each given.
        public init(accent: Color, fill: Color, tint: Color, onAccent: Color) {
            self.accent = accent
            self.fill = fill
            self.tint = tint
            self.onAccent = onAccent
        }
    }

    /// The light appearance's accents.
    public var light: Accent
    /// The dark appearance's accents (`prefers-color-scheme: dark`).
    public var dark: Accent

    /// A theme from one brand colour: in light, `--accent` and `--accent-fill` are the colour,
    /// `--accent-tint` a pale wash of it and `--on-accent` white or black, whichever reads
    /// better on it; in dark, `--accent` is lightened for text on black and the tint darkened.
    /// Any companion given replaces the derived one in both appearances.
    public init(accent: Color, fill: Color? = nil, tint: Color? = nil, onAccent: Color? = nil) {
        let fill = fill ?? accent
        let onFill = onAccent ?? (Color.white.contrast(with: fill) >= Color.black.contrast(with: fill) ? .white : .black)
        light = Accent(accent: accent, fill: fill, tint: tint ?? accent.mixed(with: .white, 0.9), onAccent: onFill)
        // Text on a near-black page: lighten until it reads (4.5:1 on the dark surface).
        var darkAccent = accent
        var step = 0.0
        while darkAccent.contrast(with: Theme.darkSurface) < 4.5 && step < 1 {
            step += 0.05
            darkAccent = accent.mixed(with: .white, step)
        }
        dark = Accent(accent: darkAccent, fill: fill, tint: tint ?? accent.mixed(with: .black, 0.75), onAccent: onFill)
    }

    /// A theme whose light and dark accents are both given.
    public init(light: Accent, dark: Accent) {
        self.light = light
        self.dark = dark
    }

    // The chrome's backgrounds (webrouter.css) that the accents are read against.
    static let lightSurface = Color.white
    static let lightBackground = Color.hex("#f2f2f7")
    static let darkSurface = Color.hex("#1c1c1e")
    static let darkBackground = Color.black

    /// The stylesheet setting the theme's custom properties, light then dark.
    var stylesheet: String {
        func block(_ accent: Accent) -> String {
            "--accent: \(accent.accent); --accent-fill: \(accent.fill); --accent-tint: \(accent.tint); --on-accent: \(accent.onAccent);"
        }
        return "/* The app's theme (PageLayout.theme), linked after webrouter.css. */\n"
            + ":root { \(block(light)) }\n"
            + "@media (prefers-color-scheme: dark) { :root { \(block(dark)) } }\n"
    }

    /// One sentence for each pair of the theme's colours that falls under WCAG AA's 4.5:1 for
    /// text, naming the pair and the ratio; empty when every pair reads.
    /// ```swift
    /// Theme(accent: .hex("#7fd3ff")).contrastWarnings
    /// // ["Theme (light): --accent #7fd3ff on the page background #ffffff is 1.6:1, under WCAG AA's 4.5:1 for text", …]
    /// ```
    public var contrastWarnings: [String] {
        var warnings: [String] = []
        func check(_ appearance: String, _ foreground: (String, Color), on background: (String, Color)) {
            let ratio = foreground.1.contrast(with: background.1)
            guard ratio < 4.5 else { return }
            let shown = (ratio * 10).rounded(.down) / 10
            warnings.append("Theme (\(appearance)): \(foreground.0) \(foreground.1) on \(background.0) \(background.1) is \(shown):1, under WCAG AA's 4.5:1 for text")
        }
        for (name, accent, surface, background) in [
            ("light", light, Theme.lightSurface, Theme.lightBackground),
            ("dark", dark, Theme.darkSurface, Theme.darkBackground),
        ] {
            check(name, ("--accent", accent.accent), on: ("the page background", surface))
            check(name, ("--accent", accent.accent), on: ("--bg", background))
            check(name, ("--accent", accent.accent), on: ("--accent-tint", accent.tint))
            check(name, ("--on-accent", accent.onAccent), on: ("--accent-fill", accent.fill))
        }
        return warnings
    }
}
