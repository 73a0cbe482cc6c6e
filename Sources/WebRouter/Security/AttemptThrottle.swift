import Foundation
@_spi(WebRouterInternals) import WebRouterHTTP

/// Slows down guessing: counts the failures of an action (a sign-in, a code check) by
/// account and by client address, and after a few free ones refuses further attempts for
/// growing delays — 1 s, 2 s, 4 s, … up to ``maximumDelay`` — answered `429 Too Many Requests`
/// with `Retry-After`. Failures of attempts that were already under way when a key locked
/// do not lengthen its lock. A success clears the account's and the client's counts; a key that
/// has been quiet for ``forgetAfter`` seconds starts over.
///
/// Check before doing the work, so that a refused attempt costs nothing (no password hash):
///
/// ```swift
/// let signIn = AttemptThrottle()   // one per action, shared by every request
///
/// func perform(_ action: Action, form: FormData, router: Router<Login>) async throws -> ActionResult {
///     let username = form["username"] ?? ""
///     let keys: [AttemptThrottle.Key] = [.account(username), .client(router.request)]
///     if let wait = signIn.retryAfter(keys, now: router.request.now) {
///         return .tooManyAttempts(retryAfter: wait, FormErrors(general: [AttemptThrottle.message(retryAfter: wait)]))
///     }
///     guard let user = try await accounts.authenticate(username: username, password: form["password"] ?? "") else {
///         signIn.recordFailure(keys, now: router.request.now)
///         return .invalid(FormErrors(general: ["Wrong username or password."]))
///     }
///     signIn.recordSuccess(keys)
///     …
/// }
/// ```
/// Outside a form, throw ``HTTPError/tooManyRequests(_:retryAfter:)``: the app's error page
/// says the same. Times are the request's (``RequestContext/now``), so tests can move them.
///
/// Accounts and clients are counted in two tables of at most ``capacity`` keys each: when one
/// is full, keys quiet for ``forgetAfter`` go first, then the longest-quiet quarter, so a flood
/// of new names or addresses costs bounded memory and cannot push out the other table's locks.
/// Clients get more free attempts than accounts (people behind one address share it). An
/// attacker can still lock an account out for the delays by guessing its password; the
/// delays stay short at first and never exceed ``maximumDelay``.
public final class AttemptThrottle: Sendable {
    /// What a failure is counted against.
    public struct Key: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case account, client }
        let kind: Kind
        let value: String

        /// An account, by its name: trimmed, in Unicode NFC and lower case (``normalizedName(_:)``),
        /// so `"demo "`, `"Demo"` and `"demo"` share one count and one lock whatever the app
        /// does with the name. An unknown name is counted like a real one, so the throttle
        /// says nothing about which names exist.
        public static func account(_ name: String) -> Key {
            Key(kind: .account, value: normalizedName(String(name.prefix(256))))
        }

        /// `name` as the account keys count it: without leading and trailing white space,
        /// composed (Unicode NFC: `"e\u{301}"` and `"é"` are one name) and in lower case.
        ///
        /// ```swift
        /// AttemptThrottle.Key.normalizedName("  Demo ")   // "demo"
        /// ```
        public static func normalizedName(_ name: String) -> String {
            var text = Substring(name)
            while let first = text.first, first.isWhitespace { text.removeFirst() }
            while let last = text.last, last.isWhitespace { text.removeLast() }
            return String(text).precomposedStringWithCanonicalMapping.lowercased()
        }

        /// A client, by its address (``RequestContext/clientAddress``: behind a trusted
        /// proxy, the address the proxy saw); one key for every client of unknown address.
        public static func client(_ request: RequestContext) -> Key {
            client(address: request.clientAddress ?? "")
        }

        /// A client, by an address given as text.
        public static func client(address: String) -> Key {
            Key(kind: .client, value: OriginPolicy.normalizedAddress(address))
        }
    }

    /// Failures of one account allowed without delay.
    public let freeAttemptsPerAccount: Int
    /// Failures from one client address allowed without delay.
    public let freeAttemptsPerClient: Int
    /// The delay after the first failure past the free ones, in seconds; each further failure doubles it.
    public let firstDelay: Int
    /// The longest delay, in seconds.
    public let maximumDelay: Int
    /// Seconds after its last failure when a key is forgotten (its count starts over).
    public let forgetAfter: Int
    /// The most keys each table (accounts, clients) holds.
    public let capacity: Int

    private struct Record: Sendable {
        var failures: Int
        var lastFailure: Int
        var lockedUntil: Int
    }

    private struct Tables: Sendable {
        var accounts: [String: Record] = [:]
        var clients: [String: Record] = [:]
    }

    private let tables = Locked(Tables())

    /// A throttle allowing `freeAttemptsPerAccount` failures per account and
    /// `freeAttemptsPerClient` per client address, then delays from `firstDelay` doubling up
    /// to `maximumDelay` seconds; keys quiet for `forgetAfter` seconds start over.
    ///
    /// - Precondition: the counts and times are positive (`freeAttempts…` may be 0).
    public init(
        freeAttemptsPerAccount: Int = 5,
        freeAttemptsPerClient: Int = 20,
        firstDelay: Int = 1,
        maximumDelay: Int = 15 * 60,
        forgetAfter: Int = 60 * 60,
        capacity: Int = 10_000
    ) {
        precondition(freeAttemptsPerAccount >= 0 && freeAttemptsPerClient >= 0, "free attempts cannot be negative")
        precondition(firstDelay > 0 && maximumDelay >= firstDelay, "delays must be positive, the maximum at least the first")
        precondition(forgetAfter > 0 && capacity > 0, "forgetAfter and capacity must be positive")
        self.freeAttemptsPerAccount = freeAttemptsPerAccount
        self.freeAttemptsPerClient = freeAttemptsPerClient
        self.firstDelay = firstDelay
        self.maximumDelay = maximumDelay
        self.forgetAfter = forgetAfter
        self.capacity = capacity
    }

    /// The seconds to wait before any of `keys` may try again at `now` (the longest wait),
    /// or `nil` when all of them may try now.
    public func retryAfter(_ keys: [Key], now: Int) -> Int? {
        tables.withLock { tables in
            var wait = 0
            for key in keys {
                guard let record = key.kind == .account ? tables.accounts[key.value] : tables.clients[key.value],
                      !isForgotten(record, now: now)
                else { continue }
                wait = max(wait, record.lockedUntil - now)
            }
            return wait > 0 ? wait : nil
        }
    }

    /// Counts a failure of each of `keys` at `now`; past the free attempts, each locks its key
    /// for the next delay.
    public func recordFailure(_ keys: [Key], now: Int) {
        tables.withLock { tables in
            for key in keys {
                switch key.kind {
                case .account: fail(key.value, in: &tables.accounts, free: freeAttemptsPerAccount, now: now)
                case .client: fail(key.value, in: &tables.clients, free: freeAttemptsPerClient, now: now)
                }
            }
        }
    }

    /// Forgets the failures of `keys` (after a success).
    public func recordSuccess(_ keys: [Key]) {
        tables.withLock { tables in
            for key in keys {
                switch key.kind {
                case .account: tables.accounts[key.value] = nil
                case .client: tables.clients[key.value] = nil
                }
            }
        }
    }

    /// How many keys are counted now (accounts and clients).
    public var trackedKeys: Int { tables.withLock { $0.accounts.count + $0.clients.count } }

    /// A sentence for the form or error page: "Too many failed attempts. Try again in 8 seconds."
    public static func message(retryAfter seconds: Int) -> String {
        let wait: String
        switch seconds {
        case ..<2: wait = "a second"
        case ..<60: wait = "\(seconds) seconds"
        case ..<120: wait = "a minute"
        default: wait = "\((seconds + 59) / 60) minutes"
        }
        return "Too many failed attempts. Try again in \(wait)."
    }

    // MARK: - Counting

    private func isForgotten(_ record: Record, now: Int) -> Bool {
        now >= max(record.lastFailure, record.lockedUntil) + forgetAfter
    }

    private func fail(_ key: String, in table: inout [String: Record], free: Int, now: Int) {
        var record = table[key].flatMap { isForgotten($0, now: now) ? nil : $0 }
            ?? Record(failures: 0, lastFailure: now, lockedUntil: now)
        if table[key] == nil && table.count >= capacity { evict(from: &table, now: now) }
        record.lastFailure = now
        // An attempt that was checked before the key locked, and failed while it is locked,
        // does not lengthen the lock: parallel guesses count once per window, so a burst
        // cannot push an account to the longest delay at once.
        guard record.lockedUntil <= now else {
            table[key] = record
            return
        }
        record.failures += 1
        let excess = record.failures - free
        if excess > 0 {
            // 1, 2, 4, … × firstDelay, capped (the shift capped first, so it cannot overflow).
            let delay = min(maximumDelay, firstDelay << min(excess - 1, 30))
            record.lockedUntil = now + delay
        }
        table[key] = record
    }

    /// Makes room: forgotten keys first, then the longest-quiet quarter.
    private func evict(from table: inout [String: Record], now: Int) {
        table = table.filter { !isForgotten($0.value, now: now) }
        guard table.count >= capacity else { return }
        let quiet = table.sorted { $0.value.lastFailure < $1.value.lastFailure }.prefix(max(1, capacity / 4))
        for (key, _) in quiet { table[key] = nil }
    }
}
