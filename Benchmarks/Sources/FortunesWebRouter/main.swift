import Foundation
import Logging
import PostgresNIO
import WebRouter

// TechEmpower's Fortunes test as a WebRouter app (`make fortunes`): `/fortunes` reads every row
// of the Fortune table from PostgreSQL on each request (no cache), adds one fortune, sorts by
// message and renders TechEmpower's page — a bare document (`ScreenPresentation.isBareDocument`),
// so none of WebRouter's chrome. The body escapes every message as every page does.
//
//     FortunesWebRouter PORT POSTGRES_PORT [THREADS]
//
// PostgreSQL on 127.0.0.1:POSTGRES_PORT, database hello_world, user benchmarkdbuser (as in
// TechEmpower's environment); THREADS is libmicrohttpd's thread count (default: one per core).
// PostgresNIO runs on its default event loops (one thread per core the process may use).
// FORTUNES_DRIVER=libpq reads through libpq on the request's own thread instead (`LibPQFortuneStore`).

/// One row of the Fortune table.
struct Fortune: Sendable {
    let id: Int32
    let message: String
}

/// The Fortune table, read through a pool of PostgreSQL connections.
struct FortuneStore: Sendable {
    let client: PostgresClient

    /// `SELECT id, message FROM Fortune`, prepared once per connection.
    struct SelectAll: PostgresPreparedStatement {
        typealias Row = (Int32, String)
        static let sql = "SELECT id, message FROM Fortune"
        func makeBindings() throws -> PostgresBindings { PostgresBindings() }
        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// Every row, in the table's order.
    func all() async throws -> [Fortune] {
        var fortunes: [Fortune] = []
        fortunes.reserveCapacity(16)
        for try await (id, message) in try await client.execute(SelectAll()) {
            fortunes.append(Fortune(id: id, message: message))
        }
        return fortunes
    }
}

/// Where the screen reads the table: PostgresNIO (the default: an await that suspends until its
/// event loop answers) or libpq on the request's own thread (`FORTUNES_DRIVER=libpq`).
enum FortuneSource: Sendable {
    case postgresNIO(FortuneStore)
    case libpq(LibPQFortuneStore)

    /// Every row, in the table's order.
    func all() async throws -> [Fortune] {
        switch self {
        case .postgresNIO(let store): try await store.all()
        case .libpq(let store): try store.all()
        }
    }
}

/// `/`: a link to the fortunes.
struct Home: ContentScreen {
    let title = "Fortunes"
    var fortunes: Push<Home, Fortunes>
    func body(_ context: Void, router: Router<Home>) -> some HTML {
        a(.href(router.link(\.fortunes))) { "Fortunes" }
    }
}

/// `/fortunes`: TechEmpower's page, without the chrome.
struct Fortunes: ContentScreen {
    let store: FortuneSource
    func configure(_ presentation: inout ScreenPresentation) { presentation.isBareDocument = true }
    func body(_ context: Void, router: Router<Fortunes>) async throws -> some HTML {
        var fortunes = try await store.all()
        fortunes.append(Fortune(id: 0, message: "Additional fortune added at request time."))
        fortunes.sort { $0.message < $1.message }
        return fortunesDocument(fortunes)
    }
}

/// The whole document, byte for byte as the test specifies (outside the screen, where `title`
/// and `body` name the elements rather than the screen's members).
@HTMLBuilder
func fortunesDocument(_ fortunes: [Fortune]) -> some HTML {
    UnsafeRawHTML("<!DOCTYPE html>")
    html {
        head { title { "Fortunes" } }
        body {
            table {
                tr { th { "id" }; th { "message" } }
                for fortune in fortunes {
                    tr { td { String(fortune.id) }; td { fortune.message } }
                }
            }
        }
    }
}

let arguments = CommandLine.arguments
guard (3...4).contains(arguments.count), let port = Int(arguments[1]), let databasePort = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: FortunesWebRouter PORT POSTGRES_PORT [THREADS]\n".utf8))
    exit(2)
}
var logger = Logger(label: "fortunes")
logger.logLevel = .warning
let database = PostgresClient(
    configuration: .init(host: "127.0.0.1", port: databasePort, username: "benchmarkdbuser",
                         password: "benchmarkdbpass", database: "hello_world", tls: .disable),
    backgroundLogger: logger)

var configuration = ApplicationConfiguration(appName: "Fortunes", logger: logger, storyboardPath: nil)
configuration.logger = logger
let usesLibPQ = ProcessInfo.processInfo.environment["FORTUNES_DRIVER"] == "libpq"
let source: FortuneSource = usesLibPQ
    ? .libpq(LibPQFortuneStore(conninfo: "host=127.0.0.1 port=\(databasePort) dbname=hello_world "
                                  + "user=benchmarkdbuser password=benchmarkdbpass sslmode=disable"))
    : .postgresNIO(FortuneStore(client: database))
let app = try Application(Window(Navigation(Home(fortunes: Push(Fortunes(store: source))))),
                          configuration: configuration)
var server = ServerConfiguration(host: "127.0.0.1", port: port)
server.logsRequests = false
server.serverName = "WebRouter"   // TechEmpower requires a Server header
server.connectionsPerClient = 0   // wrk's connections all come from 127.0.0.1
if arguments.count == 4, let threads = Int(arguments[3]) { server.threadCount = threads }

try await withThrowingDiscardingTaskGroup { group in
    if !usesLibPQ { group.addTask { await database.run() } }
    try await app.serve(server, logger: logger)
    group.cancelAll()
}
