import Foundation

/// Everything that tunes the server an app runs on: address, threads, limits and static files.
///
/// ```swift
/// var configuration = ServerConfiguration()
/// configuration.port = 0                     // let the OS pick
/// configuration.publicDirectory = "Public"   // served under /static/
/// try await app.serve(configuration)
/// ```
public struct ServerConfiguration: Sendable {
    /// The address to listen on (an IPv4 or IPv6 literal, or a host name).
    public var host: String = "127.0.0.1"
    /// The TCP port; `0` lets the OS pick (the server logs the port it got).
    public var port: Int = 8080
    /// Server threads (one epoll loop each); defaults to the active cores.
    public var threadCount: Int = ProcessInfo.processInfo.activeProcessorCount
    /// The largest accepted request body in bytes; larger bodies get `413`, except a form
    /// upload up to ``maxOversizedFormSize``, which the app answers with its form again and an
    /// error on the file field.
    public var maxBodySize: Int = 1 << 20
    /// The largest `multipart/form-data` submission the server reads through when it passes
    /// ``maxBodySize``: it keeps the form's fields (within ``maxBodySize``) and drops the
    /// upload, so the app answers `422` with the form as it was typed and an error on the file
    /// field. A larger one, or any other body past ``maxBodySize``, is a `413` page. 32 MiB by
    /// default; nothing past ``maxBodySize`` is held in memory either way.
    /// ```swift
    /// var configuration = ServerConfiguration()
    /// configuration.maxOversizedFormSize = 64 << 20   // photos straight off a camera
    /// ```
    public var maxOversizedFormSize: Int = 32 << 20
    /// The most simultaneous connections (page requests, keep-alive connections and event
    /// streams together). The default is what the machine holds: the process's hard limit of
    /// open files, less 128 for everything else (the server raises its soft limit to the hard
    /// one when it starts), or what a quarter of its memory holds at
    /// ``connectionMemoryLimit`` + 8 KB a connection, whichever is smaller. Under a hard limit
    /// of 20,000 files that is 19,872 connections; under 1,024, 896.
    /// ```swift
    /// var configuration = ServerConfiguration()
    /// configuration.connectionLimit = 4096   // a fixed bound instead of the machine's
    /// ```
    public var connectionLimit: Int = ConnectionBudget.machine.connectionLimit(memoryPerConnection: 16 * 1024)
    /// The most simultaneous connections from one client (like nginx's `limit_conn` per
    /// `$binary_remote_addr`): an IPv4 address, or an IPv6 /64, which one host usually owns
    /// whole. A connection past it is closed as soon as it is accepted. `0` means no limit.
    ///
    /// The default, 64, is ten browsers' worth (a browser opens at most 6 per host) and a
    /// small share of ``connectionLimit``, so one address cannot hold the server. Behind a
    /// reverse proxy every connection comes from the proxy's address: name it in
    /// ``unlimitedClients`` (an app's trusted proxies are, see `Application.serve`) and limit
    /// clients at the proxy. Raise it where many people share one address (a large office
    /// behind NAT).
    public var connectionsPerClient: Int = 64
    /// Addresses exempt from ``connectionsPerClient``: a reverse proxy's, whose connections
    /// carry everybody's requests. `Application.serve` adds the app's trusted proxies
    /// (`--trusted-proxy`).
    /// ```swift
    /// var configuration = ServerConfiguration()
    /// configuration.unlimitedClients = ["10.0.0.2"]   // nginx
    /// ```
    public var unlimitedClients: [String] = []
    /// Seconds a connection may stay idle before the server closes it. Every byte resets it,
    /// so it is no defence against a client that trickles: ``requestHeaderTimeout`` and
    /// ``minimumBodyRate`` are.
    public var connectionTimeout: Int = 30
    /// The deadline for a request's header block, counted from the connection's opening or
    /// from the end of the previous response on the connection; bytes trickling in do not
    /// extend it (nginx's `client_header_timeout`, whose default is 60 s). A connection past
    /// it is closed without an answer, so an idle keep-alive connection is also closed after
    /// this long. `.zero` turns it off.
    ///
    /// The default, 10 s, is ample for any client that means to send a request (a browser
    /// sends its header block in one packet) and short enough that a client holding
    /// connections with half a request line gets at most ``connectionsPerClient`` of them
    /// for that long.
    public var requestHeaderTimeout: Duration = .seconds(10)
    /// How long a request's body may take before ``minimumBodyRate`` applies, counted from
    /// the end of its header block (with the rate: Apache's `mod_reqtimeout` `body=10,MinRate=1024`).
    public var requestBodyGracePeriod: Duration = .seconds(10)
    /// The slowest average rate, in bytes per second, at which a body may arrive after
    /// ``requestBodyGracePeriod``: each byte received buys `1 / minimumBodyRate` second more,
    /// and a body that falls behind is cut (the connection closed without an answer). The
    /// default, 1,024 B/s, is far below any real upload (a 2G phone sends 10 KB/s or more);
    /// `0` turns the rate off.
    public var minimumBodyRate: Int = 1024
    /// Memory per connection in bytes (at least 16 KB). It bounds the request line plus
    /// header block, which may take up to about 1 KB less than this (15 KB by default, like
    /// Node.js's 16 KB; Tomcat and Jetty allow 8 KB); a longer one gets `431`. Every open
    /// connection keeps all of it resident, because libmicrohttpd zeroes it after each
    /// request: at 256 keep-alive connections the default costs 4 MB, where libmicrohttpd's
    /// own default of 32 KB cost 8 MB and a 32 KB memset per request.
    public var connectionMemoryLimit: Int = 16 * 1024
    /// The directory served under ``staticPrefix``; `nil` serves no static files.
    public var publicDirectory: String?
    /// The URL path prefix of static files (starts and ends with `/`).
    public var staticPrefix: String = "/static/"
    /// The `Cache-Control` header of static files.
    public var staticCacheControl: String = "public, max-age=3600"
    /// How long stopping the server waits for in-flight requests.
    public var shutdownGracePeriod: Duration = .seconds(10)
    /// Whether each answered request is logged (one `.info` line on the access logger).
    /// Turn it off where a proxy in front already keeps the access log.
    public var logsRequests: Bool = true
    /// The `Server` header sent with every response, or `nil` (the default) for none. It tells
    /// nothing a visitor needs, but some clients require one (TechEmpower's test suite does):
    /// ```swift
    /// var server = ServerConfiguration(port: 8080)
    /// server.serverName = "WebRouter"
    /// ```
    public var serverName: String?

    /// A server on `host:port` (`127.0.0.1:8080` by default), serving `publicDirectory` under `/static/` when given, other settings at their defaults.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, publicDirectory: String? = nil
    ) {
        self.host = host
        self.port = port
        self.publicDirectory = publicDirectory
    }
}
