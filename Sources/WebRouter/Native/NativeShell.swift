import WebRouterHTML
/// How a page knows it is shown by a native shell that draws its own tab bar and navigation
/// bar: Hotwire Native's web views name themselves in the user agent (`Hotwire Native iOS;`,
/// `Hotwire Native Android;`, and `Turbo Native` for older shells). Such pages carry
/// `<html class="native-shell">`, and the chrome's stylesheet hides the web tab bar and
/// breadcrumbs under it; every link and landmark stays in the document.
/// ```swift
/// NativeShell.isNativeShell(userAgent: "Mozilla/5.0 … Hotwire Native iOS; bridge-components: []")   // true
/// ```
enum NativeShell {
    /// The class on `<html>` of a page shown in a native shell.
    static let htmlClass: StaticString = "native-shell"

    /// Whether a user agent is a Hotwire (or Turbo) Native web view.
    ///
    /// Runs on every page a browser asks for, so it compares UTF-8 bytes: Foundation's
    /// `String.contains` went through `NSString` and cost a tenth of a page's CPU.
    static func isNativeShell(userAgent: String) -> Bool {
        var agent = userAgent
        return agent.withUTF8 { bytes in
            contains(bytes, "Hotwire Native") || contains(bytes, "Turbo Native")
        }
    }

    /// Whether `needle`'s bytes occur in `haystack`.
    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard count > 0, haystack.count >= count, let base = haystack.baseAddress else { return false }
        let word = needle.utf8Start
        var index = 0
        search: while index <= haystack.count - count {
            defer { index += 1 }
            guard base[index] == word[0] else { continue }
            for offset in 1..<count where base[index + offset] != word[offset] { continue search }
            return true
        }
        return false
    }
}
