import WebRouterHTML
/// Turns Swift identifiers into URL step names: `gameDay` → `game-day`,
/// `changePassword` → `change-password`, `URLPath` → `url-path`, `Settings` → `settings`.
enum KebabCase {
    static func convert(_ identifier: String) -> String {
        let chars = Array(identifier)
        var result = ""
        result.reserveCapacity(chars.count + 4)
        for (index, char) in chars.enumerated() {
            if char == "_" {
                if !result.isEmpty && result.last != "-" { result.append("-") }
                continue
            }
            if char.isUppercase {
                let previous = index > 0 ? chars[index - 1] : nil
                let next = index + 1 < chars.count ? chars[index + 1] : nil
                let startsWord = previous.map { $0.isLowercase || $0.isNumber } ?? false
                let endsAcronym = (previous?.isUppercase ?? false) && (next?.isLowercase ?? false)
                if !result.isEmpty && result.last != "-" && (startsWord || endsAcronym) {
                    result.append("-")
                }
                result += char.lowercased()
            } else {
                result.append(char)
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result
    }

    /// A valid step name: lowercase letters, digits and inner hyphens.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, let last = name.utf8.last,
              first != UInt8(ascii: "-"), last != UInt8(ascii: "-") else { return false }
        return name.utf8.allSatisfy {
            ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
                || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-")
        }
    }
}
