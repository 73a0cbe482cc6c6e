import Foundation
import Synchronization

/// A throwaway PostgreSQL cluster for the package's own suites (the store's, the accounts',
/// the demo's), as Tests/Deployment makes one: initdb and pg_ctl of the newest installed
/// PostgreSQL (/usr/lib/postgresql/*/bin), run as `postgres` when the tests run as root, in a
/// temporary directory, listening on a Unix socket only, started at the first test that needs
/// it (one per test process, whichever suite asks first) and stopped when the process exits.
/// Each test gets a database of its own (`database()`). Machinery of this package's tests, not
/// part of the testing kit's API.
///
/// Every command runs through `system()` on a thread of its own, its output in a file: the
/// accounts' suite once ran them with Foundation's `Process` on the cooperative pool, where
/// `waitUntilExit()` after `pg_ctl start` did not return and the test process never finished.
package enum TestPostgres {
    /// The server binaries' directory, or `nil` when PostgreSQL is not installed.
    package static let binDirectory: String? = {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.compactMap(Int.init).sorted().reversed()
            .map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }()

    /// Why the PostgreSQL cases do not run, or `nil` when they do.
    package static let skipReason: String? = binDirectory == nil
        ? "PostgreSQL's server binaries are not installed (/usr/lib/postgresql/*/bin/initdb; apt-get install postgresql)"
        : nil

    struct Cluster: Sendable {
        let socketDirectory: String
        let port: Int
    }

    /// A database made for one test, owned by the `postgres` user, trust authentication.
    package struct Database: Sendable {
        /// The directory of the server's Unix socket.
        package let socketDirectory: String
        /// The server's port (it names the socket).
        package let port: Int
        /// The database's name.
        package let name: String

        /// Its `postgres://` address (as `webapp serve --database` and `StoreLocation(parsing:)` read it).
        package var url: String { "postgres://postgres@/\(name)?host=\(socketDirectory)&port=\(port)" }
        /// The path of the server's socket, for a `PostgresClient`'s `unixSocketPath`.
        package var unixSocketPath: String { socketDirectory + "/.s.PGSQL.\(port)" }
    }

    private static let started = Mutex<Result<Cluster, any Error>?>(nil)
    private static let databases = Atomic<Int>(0)
    /// What the exit handler stops (a C function pointer captures nothing).
    nonisolated(unsafe) private static var stopCommand: [String] = []
    nonisolated(unsafe) private static var clusterRoot = ""

    /// A new, empty database, made on a thread of its own (starting the cluster and
    /// `createdb` block until done, which the cooperative pool must not).
    package static func database() async throws -> Database {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try makeDatabase() }) }
            thread.start()
        }
    }

    private static func makeDatabase() throws -> Database {
        let cluster = try self.cluster()
        let name = "test_\(getpid())_\(databases.add(1, ordering: .relaxed).newValue)"
        try run(binDirectory! + "/createdb", "-h", cluster.socketDirectory, "-p", String(cluster.port), "-U", "postgres", name)
        return Database(socketDirectory: cluster.socketDirectory, port: cluster.port, name: name)
    }

    private static func cluster() throws -> Cluster {
        try started.withLock { started in
            if let started { return try started.get() }
            let result = Result { try start() }
            started = result
            return try result.get()
        }
    }

    private static func start() throws -> Cluster {
        guard let bin = binDirectory else { throw Failure(description: skipReason ?? "") }
        let root = FileManager.default.temporaryDirectory.path + "/wr-test-pg-\(getpid())"
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if getuid() == 0 { try run("/bin/chown", "postgres:postgres", root) }
        let data = root + "/data"
        let port = 50_000 + Int(getpid() % 10_000)
        try run(bin + "/initdb", "-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8")
        // One cluster serves every suite of the test process at once, each with a pool of up to
        // 20 connections: PostgreSQL's default of 100 ran out ("too many clients already").
        try run(bin + "/pg_ctl", "-D", data, "-l", root + "/server.log", "-w", "-t", "60",
                "-o", "-c listen_addresses='' -p \(port) -c unix_socket_directories=\(root) -c fsync=off -c max_connections=300", "start")
        stopCommand = asPostgres([bin + "/pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"])
        clusterRoot = root
        atexit {
            let command = TestPostgres.stopCommand
            guard !command.isEmpty else { return }
            _ = system(command.map { "'" + $0 + "'" }.joined(separator: " ") + " > /dev/null 2>&1")
            _ = system("rm -rf '" + TestPostgres.clusterRoot + "'")
        }
        return Cluster(socketDirectory: root, port: port)
    }

    /// `command` as the `postgres` user when running as root (initdb refuses root).
    private static func asPostgres(_ command: [String]) -> [String] {
        getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + command : command
    }

    private static func run(_ command: String...) throws {
        let full = command[0] == "/bin/chown" ? Array(command) : asPostgres(Array(command))
        // Through the shell's system(), output into a file: Foundation's Process left pg_ctl
        // unreaped here, and a pipe would stay open with the server pg_ctl starts.
        let log = FileManager.default.temporaryDirectory.path + "/wr-test-pg-command-\(getpid())-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let line = full.map(quote).joined(separator: " ") + " < /dev/null > " + quote(log) + " 2>&1"
        let status = system(line)
        guard status == 0 else {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw Failure(description: "\(full.joined(separator: " ")) failed (\(status)): \(text)")
        }
    }

    /// `text` in single quotes for the shell.
    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
