#if PostgreSQL
import WebRouterStore

/// The framework's `postgres://` address (WebRouterStore), under the name the demo's
/// PostgreSQL account files use without importing that module.
typealias PostgresAddress = WebRouterStore.PostgresAddress
#endif
