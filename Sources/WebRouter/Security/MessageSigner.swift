import WebRouterHTML
/// Signs and verifies compact, URL- and cookie-safe tokens with HMAC-SHA256.
///
/// A token is `base64url(payload) + "." + base64url(mac)`, where the MAC covers the purpose,
/// an optional context the token is bound to, and the payload (each length-prefixed, so no two
/// inputs share a MAC). The payload is readable by anyone holding the token — sign, don't hide.
/// A token only ever contains `[A-Za-z0-9-_.]`.
///
/// ```swift
/// let signer = MessageSigner(secret: secret, purpose: "invite")
/// let token = signer.sign(Array("user-42".utf8))
/// signer.verify(token)            // [UInt8]("user-42".utf8)
/// signer.verify(token + "x")      // nil
/// ```
public struct MessageSigner: Sendable {
    /// Tokens longer than this are refused before any decoding work.
    public static let maximumTokenLength = 16 * 1024

    /// The number of characters of the MAC part (32 bytes, unpadded base64url).
    static let macTextLength = Base64URL.encodedLength(of: HMACSHA256.byteCount)

    /// The purpose this signer signs for.
    public let purpose: String

    /// HMAC state with the key set up and the purpose (`UInt32` big-endian length, then its
    /// UTF-8 bytes: the start of every MAC input) absorbed; each MAC continues a copy of it,
    /// so the key's pads are not hashed again per token.
    private let start: HMACSHA256

    /// A signer whose key is `secret`'s key for `purpose`.
    public init(secret: AppSecret, purpose: String) {
        self.purpose = purpose
        var prefix = [UInt8]()
        Self.appendLengthPrefixed(Array(purpose.utf8), to: &prefix)
        self.start = HMACSHA256(key: secret.derivedKey(for: purpose), prefix: prefix)
    }

    /// Signs `payload`.
    public func sign(_ payload: [UInt8]) -> String {
        sign(payload, boundTo: [])
    }

    /// Signs `payload` so that it verifies only with the same `context`, which is not part of
    /// the token (for example a per-browser id kept in a cookie).
    public func sign(_ payload: [UInt8], boundTo context: [UInt8]) -> String {
        let mac = code(payload, context: context)
        var output = [UInt8]()
        output.reserveCapacity(Base64URL.encodedLength(of: payload.count) + 1 + Self.macTextLength)
        Base64URL.append(payload, to: &output)
        output.append(UInt8(ascii: "."))
        Base64URL.append(mac, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The payload of a token this signer made; `nil` for a tampered, forged or malformed token.
    public func verify(_ token: String) -> [UInt8]? {
        verify(token, boundTo: [])
    }

    /// The payload of a token this signer made for `context`; `nil` for a tampered, forged or
    /// malformed token, or one bound to another context.
    public func verify(_ token: String, boundTo context: [UInt8]) -> [UInt8]? {
        var token = token
        return token.withUTF8 { bytes -> [UInt8]? in
            guard bytes.count <= Self.maximumTokenLength,
                  let dot = bytes.firstIndex(of: UInt8(ascii: ".")),
                  bytes.count - dot - 1 == Self.macTextLength
            else { return nil }
            let raw = UnsafeRawBufferPointer(bytes)
            guard let payload = Base64URL.decode(UnsafeRawBufferPointer(rebasing: raw[..<dot])),
                  let mac = Base64URL.decode(UnsafeRawBufferPointer(rebasing: raw[(dot + 1)...]))
            else { return nil }
            // Constant time: every byte is compared whatever the first difference.
            return CryptoPrimitives.constantTimeEquals(code(payload, context: context), mac) ? payload : nil
        }
    }

    /// HMAC-SHA256 over the purpose, the length-prefixed context, then the payload.
    private func code(_ payload: [UInt8], context: [UInt8]) -> [UInt8] {
        let length = UInt32(truncatingIfNeeded: context.count)
        let lengthBytes = [UInt8(truncatingIfNeeded: length >> 24), UInt8(truncatingIfNeeded: length >> 16),
                           UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length)]
        return start.code(lengthBytes, context, payload)
    }

    private static func appendLengthPrefixed(_ bytes: [UInt8], to output: inout [UInt8]) {
        let length = UInt32(truncatingIfNeeded: bytes.count)
        output.append(UInt8(truncatingIfNeeded: length >> 24))
        output.append(UInt8(truncatingIfNeeded: length >> 16))
        output.append(UInt8(truncatingIfNeeded: length >> 8))
        output.append(UInt8(truncatingIfNeeded: length))
        output.append(contentsOf: bytes)
    }
}
