@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

/// Fixed secrets and helpers shared by the security tests.
enum SecurityFixtures {
    static let secret = AppSecret(passphrase: "correct horse battery staple, 32+ characters")!
    static let otherSecret = AppSecret(passphrase: "a different passphrase of sufficient length")!

    /// The characters a signed token or cookie value may contain.
    static let tokenCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.".utf8)

    static func isTokenSafe(_ text: String) -> Bool {
        text.utf8.allSatisfy { tokenCharacters.contains($0) }
    }

    /// Every string that differs from `token` in exactly one character, the replacement drawn
    /// from the token alphabet plus a few hostile characters.
    static func singleCharacterVariants(of token: String) -> [String] {
        let original = Array(token.utf8)
        let replacements = Array(tokenCharacters) + Array("=+/ ;\0".utf8) + [0xFF]
        var variants = [String]()
        for index in original.indices {
            for replacement in replacements where replacement != original[index] {
                var bytes = original
                bytes[index] = replacement
                variants.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        return variants
    }
}
