import CLibPQ
import Foundation

/// The Fortune table read through libpq's synchronous API on the calling thread
/// (`FORTUNES_DRIVER=libpq`): a screen's body runs on the connection's libmicrohttpd thread,
/// so the query blocks that thread for the round trip to PostgreSQL instead of suspending the
/// request and waking an event loop and then the connection's thread (see BENCHMARKS.md, "What
/// one `await` that suspends costs"). One PostgreSQL connection per server thread at most: a
/// thread takes an idle one, or opens one with the statement prepared, and gives it back.
///
/// ```swift
/// let store = LibPQFortuneStore(conninfo: "host=127.0.0.1 port=5432 dbname=hello_world user=benchmarkdbuser")
/// let fortunes = try store.all()   // the 12 rows, in the table's order
/// ```
final class LibPQFortuneStore: @unchecked Sendable {   // `idle` only under `lock`
    private let conninfo: String
    private let lock = NSLock()
    private var idle: [OpaquePointer] = []

    init(conninfo: String) {
        self.conninfo = conninfo
    }

    /// Every row, in the table's order: `SELECT id, message FROM Fortune`, prepared once per connection.
    func all() throws -> [Fortune] {
        let connection = try take()
        guard let result = PQexecPrepared(connection, "fortunes", 0, nil, nil, nil, 0) else {
            PQfinish(connection)
            throw LibPQError("no result")
        }
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_TUPLES_OK else {
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)   // a connection in an unknown state is not given back
            throw LibPQError(message)
        }
        let rows = PQntuples(result)
        var fortunes: [Fortune] = []
        fortunes.reserveCapacity(Int(rows) + 1)
        for row in 0..<rows {
            guard let id = Int32(String(cString: PQgetvalue(result, row, 0))) else { throw LibPQError("id is not a number") }
            fortunes.append(Fortune(id: id, message: String(cString: PQgetvalue(result, row, 1))))
        }
        give(connection)
        return fortunes
    }

    private func take() throws -> OpaquePointer {
        lock.lock()
        let connection = idle.popLast()
        lock.unlock()
        if let connection { return connection }
        guard let opened = PQconnectdb(conninfo) else { throw LibPQError("out of memory") }
        guard PQstatus(opened) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(opened))
            PQfinish(opened)
            throw LibPQError(message)
        }
        let prepared = PQprepare(opened, "fortunes", "SELECT id, message FROM Fortune", 0, nil)
        defer { PQclear(prepared) }
        guard PQresultStatus(prepared) == PGRES_COMMAND_OK else {
            let message = String(cString: PQerrorMessage(opened))
            PQfinish(opened)
            throw LibPQError(message)
        }
        return opened
    }

    private func give(_ connection: OpaquePointer) {
        lock.lock()
        idle.append(connection)
        lock.unlock()
    }
}

/// What libpq said when a connection or a query failed.
struct LibPQError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
