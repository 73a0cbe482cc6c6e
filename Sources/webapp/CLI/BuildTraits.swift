/// What this build of the demo can open, by the package traits it was compiled with: the
/// PostgreSQL store (`--database postgres://…`) and the Prometheus endpoint (`--metrics-port`)
/// are each a trait, left out of `make run`'s build unless asked for, so a first run compiles
/// neither SwiftNIO nor BoringSSL. Asking for one that is not built names the make variable
/// that builds it.
///
/// ```swift
/// if let problem = BuildTraits.missing(.postgreSQL) { print(problem) }
/// ```
enum BuildTraits {
    /// A part of the demo that a trait builds.
    enum Part: String, CaseIterable, Sendable {
        case postgreSQL = "PostgreSQL"
        case prometheus = "Prometheus"

        /// The command-line option that needs it.
        var option: String {
            switch self {
            case .postgreSQL: "--database postgres://…"
            case .prometheus: "--metrics-port"
            }
        }
    }

    /// Whether this binary was compiled with `part`.
    static func isBuilt(_ part: Part) -> Bool {
        switch part {
        case .postgreSQL:
            #if PostgreSQL
            true
            #else
            false
            #endif
        case .prometheus:
            #if Prometheus
            true
            #else
            false
            #endif
        }
    }

    /// `nil` when `part` is built, else what to type to build it.
    static func missing(_ part: Part) -> String? {
        guard !isBuilt(part) else { return nil }
        return "\(part.option) needs the \(part.rawValue) trait, which this build of webapp left out: "
            + "`make run TRAITS=\(part.rawValue)` (or `swift build --traits SQLite,\(part.rawValue)`) builds it"
    }
}
