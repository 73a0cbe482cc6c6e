package import Logging

/// Writes one line per answered request at `.info`: method, path, status, bytes, duration.
///
/// ```swift
/// let log = AccessLog(logger: Logger(label: "webrouter.access"))
/// log.record(method: "GET", path: "/feed", status: 200, bytes: 5120, since: start, requestID: "3f9c0e-0000001a")
/// // request-id=3f9c0e-0000001a GET /feed 200 5120B 0.42ms
/// ```
/// A page the browser fetched ahead of a move (``SpeculativeRequest``) says so at the end of
/// its line: `GET /feed 200 5120B 0.42ms prerender`. ```
package struct AccessLog: Sendable {
    let logger: Logger
    /// False when the server does not log requests, or the logger drops `.info`.
    let isEnabled: Bool

    package init(logger: Logger, enabled: Bool = true) {
        self.logger = logger
        self.isEnabled = enabled && logger.logLevel <= .info
    }

    /// Call only when `isEnabled` (the caller skips building the line's parts otherwise).
    func record(
        method: String, path: String, status: Int, bytes: Int, since start: ContinuousClock.Instant, requestID: String,
        speculative: SpeculativeRequest? = nil, note: String? = nil
    ) {
        let elapsed = ContinuousClock.now - start
        let micros = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        let millis = "\(micros / 1000).\(String(micros % 1000 + 1000).dropFirst())"
        let purpose = (speculative.map { " " + $0.rawValue } ?? "") + (note.map { " " + $0 } ?? "")
        logger.info("\(method) \(path) \(status) \(bytes)B \(millis)ms\(purpose)", metadata: [RequestID.metadataKey: .string(requestID)])
    }
}
