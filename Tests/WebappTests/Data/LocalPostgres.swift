import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A PostgreSQL cluster of a test's own: `initdb` in a fresh temporary directory, started with
/// `pg_ctl` on a free loopback port (trust authentication, fsync off) and removed by `stop()`.
/// As root (which `initdb` refuses) the server's binaries run as the `postgres` user through
/// `runuser`. `binDirectory` is the newest installed `/usr/lib/postgresql/*/bin` with `initdb`
/// and `pg_ctl`, or `nil`: then the suites that need one are skipped, saying why.
///
/// ```swift
/// let postgres = try LocalPostgres.start()
/// defer { postgres.stop() }
/// let database = try await PostgresAccountDatabase.open(try PostgresAddress(parsing: postgres.url))
/// ```
struct LocalPostgres {
    static let binDirectory: String? = {
        let base = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []).compactMap(Int.init).sorted()
        return versions.reversed().map { "\(base)/\($0)/bin" }.first { bin in
            FileManager.default.isExecutableFile(atPath: bin + "/initdb") && FileManager.default.isExecutableFile(atPath: bin + "/pg_ctl")
        }
    }()

    static let missing = "PostgreSQL's server is not installed (no /usr/lib/postgresql/*/bin/initdb and pg_ctl; Debian: apt-get install postgresql)"

    let root: URL
    let port: Int

    /// `postgres://postgres@127.0.0.1:PORT/postgres`.
    var url: String { "postgres://postgres@127.0.0.1:\(port)/postgres?sslmode=disable" }

    private var data: String { root.appendingPathComponent("data").path }

    static func start() throws -> LocalPostgres {
        guard let bin = binDirectory else { throw Failure(message: missing) }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("webapp-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        if getuid() == 0 { try FileManager.default.setAttributes([.ownerAccountName: "postgres"], ofItemAtPath: root.path) }
        let postgres = LocalPostgres(root: root, port: try freePort())
        do {
            try postgres.run(bin + "/initdb", "-D", postgres.data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8")
            try postgres.run(bin + "/pg_ctl", "-D", postgres.data, "-l", root.appendingPathComponent("server.log").path,
                             "-o", "-p \(postgres.port) -c listen_addresses=127.0.0.1 -c unix_socket_directories=\(root.path) -c fsync=off",
                             "-w", "-t", "60", "start")
        } catch {
            postgres.stop()
            throw error
        }
        return postgres
    }

    /// Stops the server at once and removes its directory.
    func stop() {
        if let bin = Self.binDirectory, FileManager.default.fileExists(atPath: data + "/postmaster.pid") {
            try? run(bin + "/pg_ctl", "-D", data, "-m", "immediate", "-w", "stop")
        }
        try? FileManager.default.removeItem(at: root)
    }

    /// Runs a server binary (as `postgres` when this is root), its output in `root/commands.log`;
    /// throws with that output when it fails.
    private func run(_ arguments: String...) throws {
        let log = root.appendingPathComponent("commands.log")
        if !FileManager.default.fileExists(atPath: log.path) { _ = FileManager.default.createFile(atPath: log.path, contents: nil) }
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        try output.seekToEnd()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: getuid() == 0 ? "/usr/sbin/runuser" : arguments[0])
        process.arguments = getuid() == 0 ? ["-u", "postgres", "--"] + arguments : Array(arguments.dropFirst())
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw Failure(message: "\(arguments.joined(separator: " ")) exited with \(process.terminationStatus):\n\(text)")
        }
    }

    /// A loopback port nothing listens on now (the kernel's choice for a socket bound to port 0).
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(message: "socket() failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw Failure(message: "bind() to a free port failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
