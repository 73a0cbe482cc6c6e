#if Prometheus
import CoreMetrics
import Prometheus
import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

/// `webapp serve --metrics-port`: the framework's request metrics, through swift-prometheus,
/// in Prometheus' text format. The registry is bound to the test's task (`withMetricsFactory`),
/// never bootstrapped: the other suites run in the same process without a backend.
@Suite("Demo: metrics in Prometheus' text format")
struct MetricsEndpointTests {
    @Test func theDeepLinkIsCountedUnderItsRoutePattern() async throws {
        let registry = PrometheusCollectorRegistry()
        let fixture = try await ScoresFixture()
        try await withMetricsFactory(PrometheusMetricsFactory(registry: registry)) {
            let client = try await fixture.signedIn()
            try await client.get("/feed/tournament/5/match/12")
            try await client.get("/feed/tournament/5/match/13")
        }
        let response = MetricsEndpoint.response(to: HTTPRequest(path: "/metrics"), registry: registry)
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == MetricsEndpoint.contentType)
        let text = String(decoding: response.body, as: UTF8.self)
        let line = text.split(separator: "\n").first {
            $0.hasPrefix("webrouter_requests{") && $0.contains(#"route="/feed/tournament/{Int}/match/{Int}""#) && $0.contains(#"status="200""#)
        }
        #expect(line?.hasSuffix(" 2") == true, "\(text)")
        #expect(MetricsEndpoint.response(to: HTTPRequest(path: "/"), registry: registry).status == .notFound)
    }
}
#endif
