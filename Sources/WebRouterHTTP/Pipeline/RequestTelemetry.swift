import CoreMetrics
package import Tracing

/// The request's metrics and span, for whatever backends the app bootstrapped
/// (`MetricsSystem.bootstrap`, `InstrumentationSystem.bootstrap`, or the task-local
/// `withMetricsFactory` / `withTracer` a test binds): read once per request, and `nil` for
/// each that has no backend, so an app that bootstraps none pays two checks per request.
///
/// - Metrics (swift-metrics): a `Counter` `webrouter_requests` and a `Timer`
///   `webrouter_request_duration`, dimensions `method` (a known method or `OTHER`), `route`
///   (the screen's route pattern, `/feed/tournament/{Int}`; `/static/*` and `/_webrouter/*`
///   for files; `unmatched` for the rest) and `status`: bounded, whatever URLs clients send.
/// - Traces (swift-distributed-tracing): a server span per request, its parent extracted from
///   the request's headers (W3C `traceparent` and `tracestate` for a W3C propagator), named
///   `GET /feed/tournament/{Int}` once routed; the application adds children (the action,
///   each screen's loading, the page's rendering) under it.
///
/// ```swift
/// let telemetry = RequestTelemetry.current()
/// telemetry.tracer == nil   // true when no tracer is bootstrapped
/// ```
package struct RequestTelemetry {
    /// The metrics factory, unless it is swift-metrics' no-op one.
    let metrics: (any MetricsFactory)?
    /// The tracer, unless there is none (swift-distributed-tracing's no-op one).
    package let tracer: (any Tracer)?

    package static let requestsLabel = "webrouter_requests"
    package static let durationLabel = "webrouter_request_duration"

    /// The backends bound now (task-local first, then the bootstrapped ones).
    static func current() -> RequestTelemetry {
        let factory = MetricsSystem.factory
        let instrument = InstrumentationSystem.instrument
        var tracer: (any Tracer)?
        if !(instrument is NoOpInstrument) {
            let found = InstrumentationSystem.tracer
            if !(found is NoOpTracer) { tracer = found }
        }
        return RequestTelemetry(metrics: factory is NOOPMetricsHandler ? nil : factory, tracer: tracer)
    }

    /// Counts the request and records its duration, under bounded dimensions.
    func record(method: String, route: String, status: Int, nanoseconds: Int64) {
        guard let metrics else { return }
        let known = HTTPMethod(rawValue: method).isRecognised
        let dimensions = [("method", known ? method : "OTHER"), ("route", route), ("status", String(status))]
        Counter(label: Self.requestsLabel, dimensions: dimensions, factory: metrics).increment()
        Timer(label: Self.durationLabel, dimensions: dimensions, factory: metrics).recordNanoseconds(nanoseconds)
    }
}

/// Reads trace context from a request's header fields (names case-insensitive): what an
/// instrument's `extract` asks for, such as `traceparent`.
///
/// ```swift
/// var context = ServiceContext.topLevel
/// InstrumentationSystem.instrument.extract(request.headers, into: &context, using: HTTPHeadersExtractor())
/// ```
package struct HTTPHeadersExtractor: Extractor {
    package init() {}
    package func extract(key: String, from carrier: HTTPHeaders) -> String? {
        carrier[key]
    }
}
