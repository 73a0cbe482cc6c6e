/// How an application keeps open pages up to date (see ``LiveKey``): the bounds on event
/// streams, their heartbeat, and the broadcaster that carries refresh signals, possibly
/// across instances.
/// ```swift
/// var configuration = ApplicationConfiguration(appName: "Scores")
/// configuration.live.streamsPerClient = 4
/// configuration.live.broadcaster = try DirectoryBroadcaster(directory: "/run/scores/live")
/// ```
public struct LiveConfiguration: Sendable {
    /// Open event streams one client address may hold (one per tab); the next is answered
    /// `429 Too Many Requests`.
    public var streamsPerClient = 16
    /// Open event streams in all; the next is answered `503 Service Unavailable`.
    public var maximumStreams = 10_000
    /// How often an idle stream gets a comment line, which keeps proxies from closing it and
    /// lets the server notice a client that went away.
    public var heartbeatInterval: Duration = .seconds(15)
    /// How long signals are gathered before they are sent, so a burst makes one refresh per page.
    public var coalescingDelay: Duration = .milliseconds(50)
    /// The `retry:` hint: how long a browser waits before reconnecting a dropped stream.
    public var reconnectDelay: Duration = .seconds(2)
    /// Carries `Application.refresh(_:)` to every instance's open pages; in process by default.
    public var broadcaster: any RefreshBroadcaster = InProcessBroadcaster()
    /// Development mode (`serve --dev`): every page opens a stream, and a page served by an
    /// earlier build of the app reloads itself when it reconnects.
    public var development = false

    /// The defaults: 16 streams per client, 10,000 in all, a heartbeat every 15 seconds.
    /// ```swift
    /// let live = LiveConfiguration()
    /// ```
    public init() {}
}
