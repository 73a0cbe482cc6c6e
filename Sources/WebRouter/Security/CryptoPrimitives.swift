import CGnuTLS
import WebRouterHTML

/// The few cryptographic building blocks WebRouter needs besides HMAC (`HMACSHA256`), taken
/// from GnuTLS: HKDF-SHA256, random bytes and a constant-time comparison.
///
/// ```swift
/// let key = CryptoPrimitives.hkdfSHA256(inputKeyMaterial: master, salt: salt, info: Array("csrf".utf8))
/// let salt = CryptoPrimitives.randomBytes(16)
/// CryptoPrimitives.constantTimeEquals(mac, expected)     // every byte compared
/// ```
enum CryptoPrimitives {
    /// HKDF-SHA256 (RFC 5869): extract with `salt`, then expand with `info` to `byteCount`
    /// bytes (at most 255 × 32).
    static func hkdfSHA256(
        inputKeyMaterial: [UInt8], salt: [UInt8], info: [UInt8] = [], byteCount: Int = 32
    ) -> [UInt8] {
        precondition((1...255 * HMACSHA256.byteCount).contains(byteCount), "HKDF cannot make \(byteCount) bytes")
        let pseudorandomKey = [UInt8](unsafeUninitializedCapacity: HMACSHA256.byteCount) { output, count in
            let status = withDatum(inputKeyMaterial) { key in
                withDatum(salt) { salt in gnutls_hkdf_extract(GNUTLS_MAC_SHA256, &key, &salt, output.baseAddress) }
            }
            precondition(status == GNUTLS_E_SUCCESS, "GnuTLS HKDF extract failed (error \(status))")
            count = HMACSHA256.byteCount
        }
        return [UInt8](unsafeUninitializedCapacity: byteCount) { output, count in
            let status = withDatum(pseudorandomKey) { key in
                withDatum(info) { info in
                    gnutls_hkdf_expand(GNUTLS_MAC_SHA256, &key, &info, output.baseAddress, byteCount)
                }
            }
            precondition(status == GNUTLS_E_SUCCESS, "GnuTLS HKDF expand failed (error \(status))")
            count = byteCount
        }
    }

    /// How unpredictable `randomBytes` must be: `.key` for long-term keys, `.random` for
    /// session-length secrets such as ids and salts.
    enum RandomLevel: Sendable {
        case random, key
    }

    /// `count` bytes from GnuTLS's cryptographic random generator.
    static func randomBytes(_ count: Int, level: RandomLevel = .random) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            let status = gnutls_rnd(level == .key ? GNUTLS_RND_KEY : GNUTLS_RND_RANDOM, output.baseAddress, count)
            guard status == GNUTLS_E_SUCCESS else {
                fatalError("GnuTLS's random generator failed (error \(status)); refusing to go on without randomness")
            }
            initialized = count
        }
    }

    /// Whether `a` and `b` are equal, comparing every byte whatever the first difference (the
    /// lengths are not secret and are compared first).
    static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in gnutls_memcmp(a.baseAddress, b.baseAddress, a.count) == 0 }
        }
    }

    /// `bytes` as a `gnutls_datum_t` (GnuTLS only reads it); an empty one still points at
    /// memory, so no C code is handed a null pointer.
    private static func withDatum<Result>(_ bytes: [UInt8], _ body: (inout gnutls_datum_t) -> Result) -> Result {
        let size = UInt32(bytes.count)
        let storage = bytes.isEmpty ? [0] : bytes
        return storage.withUnsafeBufferPointer { buffer in
            var datum = gnutls_datum_t(data: UnsafeMutablePointer(mutating: buffer.baseAddress), size: size)
            return body(&datum)
        }
    }
}
