/// Sessions whose cookie value already passed signature verification, so a returning
/// visitor's cookie is checked with one dictionary lookup instead of an HMAC per request.
///
/// Only values that verified are ever stored, keyed by the whole cookie value (payload and
/// MAC), so a forged or altered cookie can never be answered from the cache. Expiry is not
/// cached: the caller checks the session's `issuedAt` against the clock on every request.
/// The cache is bounded: when full it is emptied and refills with the cookies in use.
///
/// ```swift
/// let cache = VerifiedSessionCache(capacity: 4096)
/// if let session = cache[cookie] { … } else if let session = verify(cookie) { cache[cookie] = session }
/// ```
final class VerifiedSessionCache: Sendable {
    private let entries: Locked<[String: Session]>
    let capacity: Int

    init(capacity: Int = 4096) {
        precondition(capacity > 0, "a session cache needs room for at least one entry")
        self.capacity = capacity
        self.entries = Locked([:])
    }

    /// The session a previously verified cookie value decoded to.
    subscript(cookieValue: String) -> Session? {
        get { entries.withLock { $0[cookieValue] } }
        set {
            entries.withLock { entries in
                if newValue != nil, entries.count >= capacity, entries[cookieValue] == nil {
                    entries.removeAll(keepingCapacity: true)
                }
                entries[cookieValue] = newValue
            }
        }
    }

    /// How many verified cookie values are remembered.
    var count: Int { entries.withLock { $0.count } }
}
