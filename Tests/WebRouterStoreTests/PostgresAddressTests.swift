#if PostgreSQL
import Testing
@testable import WebRouterStore

/// `Store.open(.postgres(…))` and `webapp serve --database postgres://…`: which addresses are PostgreSQL, how they read, and
/// the refusals a mistyped one gets (before any connection is tried).
@Suite("PostgreSQL address")
struct PostgresAddressTests {
    @Test func tcpAddressReadsUserHostPortAndDatabase() throws {
        let address = try PostgresAddress(parsing: "postgres://scores:s3cret@10.77.0.1:6543/league?sslmode=disable")
        #expect(address.host == "10.77.0.1")
        #expect(address.port == 6543)
        #expect(address.username == "scores")
        #expect(address.password == "s3cret")
        #expect(address.database == "league")
        #expect(address.sslMode == "disable")
        #expect(address.socketDirectory == nil)
        #expect(address.description == "postgres://scores@10.77.0.1:6543/league", "no password in logs")
    }

    @Test func defaultsArePort5432AndTLSWhenOffered() throws {
        let address = try PostgresAddress(parsing: "postgresql://scores@db.internal/scores")
        #expect(address.port == 5432)
        #expect(address.sslMode == "prefer")
        #expect(address.password == nil)
    }

    @Test func hostQueryNamingADirectoryIsTheUnixSocket() throws {
        let address = try PostgresAddress(parsing: "postgres://postgres@/scores?host=/run/postgresql&port=5433")
        #expect(address.host == nil)
        #expect(address.socketDirectory == "/run/postgresql")
        #expect(address.port == 5433)
        #expect(address.configuration.unixSocketPath == "/run/postgresql/.s.PGSQL.5433")
    }

    @Test func sqliteFilePathsAreNotPostgres() {
        #expect(!PostgresAddress.isPostgres("webapp.sqlite"))
        #expect(!PostgresAddress.isPostgres("/var/lib/webapp/postgres.sqlite"))
        #expect(PostgresAddress.isPostgres("postgres://u@h/d"))
    }

    @Test(arguments: [
        ("postgres://db.internal/scores", "names no user"),
        ("postgres://scores@db.internal/", "names no database"),
        ("postgres://scores@/scores", "names no host"),
        ("postgres://scores@db/scores?sslmode=verify-full", "sslmode must be"),
    ])
    func incompleteAddressesSayWhatIsMissing(text: String, message: String) {
        #expect {
            try PostgresAddress(parsing: text)
        } throws: { error in
            String(describing: error).contains(message)
        }
    }

    @Test func refreshKeysTravelInPayloadsUnderNotifysLimit() {
        let keys = (0..<1500).map { "match/\($0)" } + ["bad\nkey", ""]
        let payloads = PostgresBroadcaster.payloads(origin: "instance-a", keys: keys)
        #expect(payloads.count > 1)
        #expect(payloads.allSatisfy { $0.utf8.count <= 7_000 && $0.hasPrefix("instance-a\n") })
        let carried = payloads.flatMap { $0.split(separator: "\n").dropFirst().map(String.init) }
        #expect(carried == (0..<1500).map { "match/\($0)" })
    }
}
#endif
