@_spi(WebRouterInternals) import WebRouterHTTP

/// Carries refresh signals (``LiveKey`` values) from `Application.refresh(_:)` to the open
/// pages of every instance that subscribed. ``InProcessBroadcaster`` (the default) reaches
/// this process only; ``DirectoryBroadcaster`` reaches every instance on the machine that
/// shares its directory. Another (a message queue, PostgreSQL `LISTEN`/`NOTIFY`) implements
/// the same two calls.
/// ```swift
/// struct Logged: RefreshBroadcaster {
///     let inner = InProcessBroadcaster()
///     func publish(_ keys: [String]) { print("refresh", keys); inner.publish(keys) }
///     func subscribe(_ receive: @escaping @Sendable ([String]) -> Void) { inner.subscribe(receive) }
/// }
/// ```
public protocol RefreshBroadcaster: Sendable {
    /// Sends `keys` to every subscriber of every instance, this one's included.
    func publish(_ keys: [String])
    /// Delivers every key published from now on, by any instance, to `receive`.
    func subscribe(_ receive: @escaping @Sendable ([String]) -> Void)
}

/// The default broadcaster: signals reach the subscribers in this process, at once.
/// ```swift
/// let broadcaster = InProcessBroadcaster()
/// broadcaster.subscribe { keys in print(keys) }
/// broadcaster.publish(["match/12"])   // prints ["match/12"]
/// ```
public final class InProcessBroadcaster: RefreshBroadcaster {
    private let receivers = Locked<[@Sendable ([String]) -> Void]>([])

    /// A broadcaster with no subscribers yet.
    /// ```swift
    /// configuration.live.broadcaster = InProcessBroadcaster()
    /// ```
    public init() {}

    /// Hands `keys` to every subscriber, on the caller's thread.
    /// ```swift
    /// broadcaster.publish(["scores"])
    /// ```
    public func publish(_ keys: [String]) {
        for receive in receivers.withLock({ $0 }) { receive(keys) }
    }

    /// Adds a subscriber.
    /// ```swift
    /// broadcaster.subscribe { keys in hub.signal(keys) }
    /// ```
    public func subscribe(_ receive: @escaping @Sendable ([String]) -> Void) {
        receivers.withLock { $0.append(receive) }
    }
}
