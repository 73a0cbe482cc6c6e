import Foundation
import Hummingbird
import Logging
import Mustache
import NIOCore
import NIOPosix
import PostgresNIO

// TechEmpower's Fortunes test written as Hummingbird 2's own entry is (frameworks/Swift/
// hummingbird2, src-postgres): a controller holding the
// PostgresClient and a swift-mustache template compiled at start, the rows read on each
// request through a prepared statement, one fortune added, sorted by message, the template
// rendering the page, served as `text/html; charset=utf-8` with `Server` and `Date`.
//
//     FortunesHummingbird PORT POSTGRES_PORT
//
// PostgreSQL on 127.0.0.1:POSTGRES_PORT, database hello_world, user benchmarkdbuser. The
// event loops are NIO's singleton group: one thread per core the process may run on.

/// One row; a Mustache parent by hand, as the entry does, so rendering uses no Mirror.
struct Fortune: Sendable, MustacheParent {
    var id: Int32
    var message: String

    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "message": message
        default: nil
        }
    }
}

/// A rendered page as a response.
struct HTMLPage: ResponseGenerator {
    let html: String
    func response(from request: Request, context: some RequestContext) -> Response {
        Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}

struct FortunesController: Sendable {
    let database: PostgresClient
    let template: MustacheTemplate

    init(database: PostgresClient) throws {
        self.database = database
        self.template = try MustacheTemplate(string: """
            <!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>\
            {{#.}}<tr><td>{{id}}</td><td>{{message}}</td></tr>{{/.}}</table></body></html>
            """)
    }

    struct SelectFortunes: PostgresPreparedStatement {
        typealias Row = (Int32, String)
        static let sql = "SELECT id, message FROM Fortune"
        func makeBindings() throws -> PostgresBindings { PostgresBindings() }
        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("fortunes") { _, _ in try await fortunes() }
    }

    @Sendable func fortunes() async throws -> HTMLPage {
        var fortunes: [Fortune] = []
        for try await (id, message) in try await database.execute(SelectFortunes()) {
            fortunes.append(Fortune(id: id, message: message))
        }
        fortunes.append(Fortune(id: 0, message: "Additional fortune added at request time."))
        fortunes.sort { $0.message < $1.message }
        return HTMLPage(html: template.render(fortunes))
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let port = Int(arguments[1]), let databasePort = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: FortunesHummingbird PORT POSTGRES_PORT\n".utf8))
    exit(2)
}
var logger = Logger(label: "fortunes")
logger.logLevel = .warning
let database = PostgresClient(
    configuration: .init(host: "127.0.0.1", port: databasePort, username: "benchmarkdbuser",
                         password: "benchmarkdbpass", database: "hello_world", tls: .disable),
    eventLoopGroup: MultiThreadedEventLoopGroup.singleton, backgroundLogger: logger)
let router = Router()
try FortunesController(database: database).addRoutes(to: router)
var app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "HB2"),
    logger: logger)
app.addServices(database)
try await app.runService()
