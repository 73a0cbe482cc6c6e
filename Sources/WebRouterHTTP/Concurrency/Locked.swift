#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

/// A value guarded by a `pthread_mutex_t`, for state shared between libmicrohttpd's threads
/// and Swift tasks.
///
/// WebRouter uses this instead of `Synchronization.Mutex` because on Linux a contended
/// `Mutex` hands the lock over through a priority-inheritance futex inside the (uninstrumented)
/// standard library, so ThreadSanitizer cannot see that the lock ordered the two critical
/// sections and reports a data race that is not there. `pthread_mutex_lock` is intercepted by
/// ThreadSanitizer, so `make sanitize` stays meaningful; its uncontended cost is the same
/// (one atomic compare-and-swap each way). The value and the mutex share one allocation,
/// and `Locked` itself is a struct around it, so a lock costs one heap object: copies of a
/// `Locked` share the value, like references to one object.
///
/// ```swift
/// let hits = Locked(0)
/// hits.withLock { $0 += 1 }
/// let seen = hits.withLock { $0 }
/// ```
///
/// Public only as SPI (`@_spi(WebRouterInternals)`), never an app's API: WebRouter takes the
/// lock on every request (the request context, its caches), and Swift specialises and inlines
/// a generic from another module only when it is public and `@inlinable` (a `package`
/// `@inlinable` one stays an unspecialised call with metadata look-ups).
@_spi(WebRouterInternals) public struct Locked<Value> {
    @usableFromInline let storage: Storage

    /// A lock guarding `value`.
    @inlinable public init(_ value: Value) {
        let buffer = Storage.create(minimumCapacity: 1) { _ in value }
        storage = unsafeDowncast(buffer, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(mutex, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        }
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try storage.withUnsafeMutablePointers { (value, mutex) throws(Failure) -> Result in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }

    /// The value and its mutex in one heap object; destroys the mutex with it.
    @usableFromInline final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        @inlinable deinit {
            withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
                mutex.deinitialize(count: 1)
            }
        }
    }
}

/// Sharing a `Locked` shares its value across threads, so the value must be `Sendable`.
extension Locked: @unchecked Sendable where Value: Sendable {}
