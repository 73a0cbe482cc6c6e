import InMemoryTracing
import Logging
import Metrics
import MetricsTestKit
import Testing
import Tracing
@testable import WebRouter
@testable import WebRouterHTTP
import WebRouterTesting

/// Request metrics (swift-metrics) and traces (swift-distributed-tracing), asserted through
/// their in-memory backends bound to the test's task (`withMetricsFactory`, `withTracer`): the
/// in-process client runs the server's pipeline in that task.
@Suite("Metrics, traces and request ids")
struct TelemetryTests {
    let app = Application(table: SeedTree.table, configuration: .init(appName: "Scores"))
    static let deepLink = "/feed/tournament/5/match/12"
    static let deepPattern = "/feed/tournament/{Int}/match/{Int}"

    @Test func requestsAreCountedAndTimedByRoutePatternAndStatus() async throws {
        let metrics = TestMetrics()
        try await withMetricsFactory(metrics) {
            try await app.test(.inProcess) { client in
                try await client.get(Self.deepLink)
                try await client.get("/feed/tournament/6/match/13")
                try await client.get("/nowhere")
                try await client.get("/nowhere-else")
            }
        }
        let ok = try metrics.expectCounter(
            RequestTelemetry.requestsLabel, [("method", "GET"), ("route", Self.deepPattern), ("status", "200")])
        #expect(ok.totalValue == 2, "two URLs, one route: bounded by the tree, not by the URLs")
        let missing = try metrics.expectCounter(
            RequestTelemetry.requestsLabel, [("method", "GET"), ("route", "unmatched"), ("status", "404")])
        #expect(missing.totalValue == 2)
        let timer = try metrics.expectTimer(
            RequestTelemetry.durationLabel, [("method", "GET"), ("route", Self.deepPattern), ("status", "200")])
        #expect(timer.values.count == 2 && timer.values.allSatisfy { $0 > 0 })
    }

    @Test func anUnknownMethodIsCountedAsOther() async throws {
        let metrics = TestMetrics()
        _ = try await withMetricsFactory(metrics) {
            try await app.test(.inProcess) { client in
                try await client.request(HTTPMethod(rawValue: "BREW"), "/feed")
            }
        }
        #expect(metrics.counters.allSatisfy { counter in counter.dimensions.contains { $0 == ("method", "OTHER") } })
        #expect(!metrics.counters.isEmpty)
    }

    @Test func aPageIsASpanWithChildrenForLoadingAndRendering() async throws {
        let tracer = InMemoryTracer()
        let response = try await withTracer(tracer) {
            try await app.test(.inProcess) { client in try await client.get(Self.deepLink) }
        }
        let spans = tracer.finishedSpans
        let server = try #require(spans.first { $0.kind == .server })
        #expect(server.operationName == "GET " + Self.deepPattern)
        #expect(server.attributes["http.route"]?.toSpanAttribute() == SpanAttribute.string(Self.deepPattern))
        #expect(server.attributes["http.response.status_code"]?.toSpanAttribute() == SpanAttribute.int64(200))
        #expect(server.attributes["webrouter.request_id"]?.toSpanAttribute() == SpanAttribute.string(response.headers["X-Request-Id"] ?? "?"))
        let children = spans.filter { $0.parentSpanID == server.spanID }.map(\.operationName)
        #expect(children == ["load Match", "render Match"])
        #expect(spans.allSatisfy { $0.traceID == server.traceID })
    }

    @Test func anActionIsAChildSpan() async throws {
        let tracer = InMemoryTracer()
        let app = try NotesApp.make()
        try await withTracer(tracer) {
            try await app.test(.inProcess) { client in
                let form = try await client.get("/sign-in")
                _ = try await client.submit("sign-in", on: form, ["username": "ada"])
            }
        }
        let post = try #require(tracer.finishedSpans.first { $0.kind == .server && $0.operationName.hasPrefix("POST ") })
        let action = try #require(tracer.finishedSpans.first { $0.operationName.hasPrefix("action ") })
        #expect(action.operationName == "action SignIn.sign-in")
        #expect(action.parentSpanID == post.spanID)
    }

    @Test func theCallersTraceContextIsTheParent() async throws {
        let tracer = InMemoryTracer()
        _ = try await withTracer(tracer) {
            try await app.test(.inProcess) { client in
                try await client.request(.get, "/feed", headers: [
                    (InMemoryTracer.traceIDKey, "trace-from-the-proxy"), (InMemoryTracer.spanIDKey, "span-of-the-proxy"),
                ])
            }
        }
        let server = try #require(tracer.finishedSpans.first { $0.kind == .server })
        #expect(server.traceID == "trace-from-the-proxy")
        #expect(server.parentSpanID == "span-of-the-proxy")
    }

    /// A W3C propagator asks the extractor for `traceparent` and `tracestate`: it reads them
    /// whatever their case on the wire.
    @Test func theExtractorReadsW3CTraceContext() {
        let headers: HTTPHeaders = [
            ("TraceParent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"), ("tracestate", "vendor=1"),
        ]
        #expect(HTTPHeadersExtractor().extract(key: "traceparent", from: headers) == "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")
        #expect(HTTPHeadersExtractor().extract(key: "tracestate", from: headers) == "vendor=1")
    }

    @Test func everyResponseCarriesARequestID() async throws {
        try await app.test(.inProcess) { client in
            let one = try await client.get("/feed")
            let two = try await client.get("/nowhere")
            let first = try #require(one.headers["X-Request-Id"])
            #expect(!first.isEmpty && first != two.headers["X-Request-Id"])
            let echoed = try await client.request(.get, "/feed", headers: [("X-Request-Id", "lb-7f3a.42")])
            #expect(echoed.headers["X-Request-Id"] == "lb-7f3a.42")
            let hostile = try await client.request(.get, "/feed", headers: [("X-Request-Id", "a b\"<script>")])
            #expect(hostile.headers["X-Request-Id"] != "a b\"<script>")
        }
    }

    @Test func theRequestLoggerCarriesTheRequestID() {
        var request = HTTPRequest(path: "/feed")
        request.requestID = "lb-7f3a.42"
        let context = RequestContext(request: request)
        #expect(context.logger[metadataKey: "request-id"] == .string("lb-7f3a.42"))
    }

    @Test func withoutABackendNothingIsRecorded() {
        let telemetry = RequestTelemetry.current()
        #expect(telemetry.metrics == nil && telemetry.tracer == nil)
    }
}

extension TelemetryTests {
    @Test func madeIDsAreFifteenHexCharactersAndNeverRepeat() {
        let ids = (0..<1000).map { _ in RequestID.next() }
        #expect(Set(ids).count == 1000)
        #expect(ids.allSatisfy { id in
            id.utf8.count == 15 && id.split(separator: "-").map(\.count) == [6, 8]
                && id.allSatisfy { $0 == "-" || $0.isHexDigit && !$0.isUppercase }
        })
    }
}
