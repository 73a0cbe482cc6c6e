#if Prometheus
import CoreMetrics
import Logging
import Prometheus
import WebRouter
import WebRouterHTTP

/// `webapp serve --metrics-port 9464`: the demo's metrics in Prometheus' text format at
/// `GET /metrics` on a port of their own (scrapers stay off the app's port and out of its
/// access log). The framework reports through swift-metrics; here swift-prometheus is the
/// backend, bootstrapped once at start. Only the demo has it (the `Prometheus` trait).
///
/// ```sh
/// webapp serve --metrics-port 9464 &
/// curl -s localhost:9464/metrics | grep webrouter_requests
/// # webrouter_requests{method="GET",route="/feed/tournament/{Int}/match/{Int}",status="200"} 3
/// ```
enum MetricsEndpoint {
    /// The content type of Prometheus' text exposition format.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// Bootstraps swift-metrics with a Prometheus registry (once per process) and starts
    /// serving it on `host:port`.
    static func start(host: String, port: Int, logger: Logger) throws -> HTTPServer {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        var configuration = ServerConfiguration(host: host, port: port)
        configuration.logsRequests = false
        configuration.threadCount = 1
        let server = HTTPServer(configuration: configuration, logger: logger) { request in
            response(to: request, registry: registry)
        }
        try server.start()
        logger.info("metrics in Prometheus' text format at http://\(host):\(server.port)/metrics")
        return server
    }

    /// The registry's metrics for `GET /metrics`; `404` for any other path.
    static func response(to request: HTTPRequest, registry: PrometheusCollectorRegistry) -> HTTPResponse {
        guard request.path == "/metrics" else { return .text("Metrics are at /metrics.", status: .notFound) }
        return HTTPResponse(status: .ok, headers: [("Content-Type", contentType)], body: registry.emitToBuffer())
    }
}
#endif
