import CGnuTLS
import WebRouterHTML

/// An HMAC-SHA256 key with a message prefix already absorbed, from which any number of MACs
/// are finished (GnuTLS's `gnutls_hmac_copy` of a keyed state), so the key's pads and the
/// shared prefix are not hashed again for every message.
///
/// Immutable after `init`: each MAC works on its own copy of the state, so one value can be
/// shared by every thread.
///
/// ```swift
/// let hmac = HMACSHA256(key: key, prefix: Array("purpose".utf8))
/// let mac = hmac.code(Array("payload".utf8))              // HMAC(key, "purpose" + "payload"), 32 bytes
/// let bound = hmac.code([0, 0, 0, 2], Array("id".utf8), payload)
/// ```
final class HMACSHA256: @unchecked Sendable {
    /// The length of a MAC in bytes.
    static let byteCount = 32

    /// Keyed, with the prefix absorbed; only ever read (copied) after `init`.
    private let start: gnutls_hmac_hd_t

    /// A state keyed with `key` that has absorbed `prefix`.
    init(key: [UInt8], prefix: [UInt8] = []) {
        var handle: gnutls_hmac_hd_t?
        let status = key.withUnsafeBytes { key in
            gnutls_hmac_init(&handle, GNUTLS_MAC_SHA256, key.baseAddress, key.count)
        }
        guard status == GNUTLS_E_SUCCESS, let handle else {
            fatalError("GnuTLS could not set up HMAC-SHA256 (error \(status))")
        }
        Self.absorb(prefix, into: handle)
        self.start = handle
    }

    deinit {
        gnutls_hmac_deinit(start, nil)
    }

    /// The MAC of the prefix followed by `parts`, in order.
    func code(_ parts: [UInt8]...) -> [UInt8] {
        guard let running = gnutls_hmac_copy(start) else {
            fatalError("GnuTLS could not copy an HMAC state (out of memory?)")
        }
        for part in parts { Self.absorb(part, into: running) }
        return [UInt8](unsafeUninitializedCapacity: Self.byteCount) { output, count in
            gnutls_hmac_deinit(running, output.baseAddress)
            count = Self.byteCount
        }
    }

    private static func absorb(_ bytes: [UInt8], into handle: gnutls_hmac_hd_t) {
        guard !bytes.isEmpty else { return }
        let status = bytes.withUnsafeBytes { gnutls_hmac(handle, $0.baseAddress, $0.count) }
        precondition(status == GNUTLS_E_SUCCESS, "GnuTLS could not hash (error \(status))")
    }
}
