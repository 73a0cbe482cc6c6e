import WebRouterHTML
@_spi(WebRouterInternals) import WebRouterHTTP
/// Sessions whose cookie value already passed signature verification, so a returning
/// visitor's cookie is checked with one dictionary lookup instead of an HMAC per request.
///
/// Only values that verified are ever stored, keyed by the whole cookie value (payload and
/// MAC), so a forged or altered cookie can never be answered from the cache. Expiry is not
/// cached: the caller checks the session's `issuedAt` against the clock on every request.
/// The cache is bounded (see ``BoundedCache``).
///
/// ```swift
/// let cache = VerifiedSessionCache(capacity: 4096)
/// if let session = cache[cookie] { … } else if let session = verify(cookie) { cache[cookie] = session }
/// ```
typealias VerifiedSessionCache = BoundedCache<String, Session>
