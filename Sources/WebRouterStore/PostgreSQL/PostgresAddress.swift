#if PostgreSQL
import Foundation
public import PostgresNIO

/// Where a PostgreSQL server is (`Store.open(.postgres(…))`, `webapp serve --database postgres://…`):
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` over TCP, or
/// `postgres://USER@/DATABASE?host=/run/postgresql` over the Unix socket in that directory (as
/// libpq spells it). `sslmode=disable` or `sslmode=require` in the query sets TLS (default:
/// used when the server offers it). `postgresql://` is accepted too.
///
/// ```swift
/// let address = try PostgresAddress(parsing: "postgres://scores@10.77.0.1/scores")
/// address.description                          // "postgres://scores@10.77.0.1:5432/scores"
/// let client = PostgresClient(configuration: address.configuration)
/// ```
public struct PostgresAddress: Sendable, Equatable, CustomStringConvertible {
    /// Why a `postgres://` address cannot be used.
    public struct ParseError: Error, CustomStringConvertible {
        /// What is missing or wrong in the address.
        public let description: String
    }

    /// TCP host, or `nil` for a Unix socket.
    public let host: String?
    /// TCP port, or the number in the socket's name (`.s.PGSQL.5432`).
    public let port: Int
    /// The socket's directory when connecting over a Unix socket.
    public let socketDirectory: String?
    /// The user to connect as.
    public let username: String
    /// The password, if the address gives one (never in `description`).
    public let password: String?
    /// The database's name.
    public let database: String
    /// `disable`, `prefer` or `require`.
    public let sslMode: String

    /// Whether `text` names a PostgreSQL server rather than an SQLite file.
    /// ```swift
    /// PostgresAddress.isPostgres("notes.sqlite")   // false
    /// ```
    public static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Reads a `postgres://` address; throws a ``PostgresAddress/ParseError`` naming what is missing (a user, a
    /// database, a host) or wrong (`sslmode`).
    /// ```swift
    /// let address = try PostgresAddress(parsing: "postgres://notes@/notes?host=/run/postgresql")
    /// ```
    public init(parsing text: String) throws {
        guard Self.isPostgres(text), let components = URLComponents(string: text) else {
            throw ParseError(description: "not a postgres:// address: \(text)")
        }
        let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") },
                               uniquingKeysWith: { _, last in last })
        guard let user = components.user, !user.isEmpty else {
            throw ParseError(description: "the address names no user (postgres://USER@HOST/DATABASE)")
        }
        let name = String(components.path.drop(while: { $0 == "/" }))
        guard !name.isEmpty else {
            throw ParseError(description: "the address names no database (postgres://USER@HOST/DATABASE)")
        }
        port = components.port ?? Int(query["port"] ?? "") ?? 5432
        username = user
        password = components.password
        database = name
        sslMode = query["sslmode"] ?? "prefer"
        guard ["disable", "prefer", "require"].contains(sslMode) else {
            throw ParseError(description: "sslmode must be disable, prefer or require, not \(sslMode)")
        }
        let named = components.host.flatMap { $0.isEmpty ? nil : $0 } ?? query["host"]
        guard let named, !named.isEmpty else {
            throw ParseError(description: "the address names no host (postgres://USER@HOST/DATABASE, or ?host=/socket/directory)")
        }
        if named.hasPrefix("/") {
            host = nil
            socketDirectory = named
        } else {
            host = named
            socketDirectory = nil
        }
    }

    /// The client's configuration: TCP or the Unix socket, TLS as `sslmode` says.
    /// ```swift
    /// let client = PostgresClient(configuration: address.configuration)
    /// ```
    public var configuration: PostgresClient.Configuration {
        if let socketDirectory {
            return PostgresClient.Configuration(
                unixSocketPath: socketDirectory + "/.s.PGSQL.\(port)", username: username, password: password,
                database: database)
        }
        let tls: PostgresClient.Configuration.TLS
        switch sslMode {
        case "disable": tls = .disable
        case "require": tls = .require(.makeClientConfiguration())
        default: tls = .prefer(.makeClientConfiguration())
        }
        return PostgresClient.Configuration(host: host ?? "localhost", port: port, username: username,
                                            password: password, database: database, tls: tls)
    }

    /// The address without its password, for logs.
    /// ```swift
    /// logger.info("data in \(address)")
    /// ```
    public var description: String {
        if let socketDirectory { return "postgres://\(username)@/\(database)?host=\(socketDirectory)&port=\(port)" }
        return "postgres://\(username)@\(host ?? "localhost"):\(port)/\(database)"
    }
}
#endif
