/// Why the server could not start (thrown by `Application.serve` and `runCommandLine()`).
///
/// ```swift
/// do { try await app.serve(configuration) } catch HTTPServerError.portInUse(let host, let port) { … }
/// ```
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another process already listens on `host:port`.
    case portInUse(host: String, port: Int)
    /// Anything else (bad address, permissions, libmicrohttpd refused the settings, …).
    case startFailed(String)

    public var description: String {
        switch self {
        case .portInUse(let host, let port): "port \(port) on \(host) is already in use"
        case .startFailed(let reason): "the server could not start: \(reason)"
        }
    }
}
