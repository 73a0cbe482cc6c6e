import Foundation
import GRDB
@testable import webapp

/// Runs `body` with the path of a database file in a fresh temporary directory, removed afterwards.
func withTemporaryDatabase(_ body: (String) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("webapp-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory.appendingPathComponent("webapp.sqlite").path)
}

/// Runs `body` with the accounts database migrated in a fresh temporary file (the demo account
/// seeded with two PBKDF2 iterations, so it is quick) and the file's path; removed afterwards.
func withMigratedDatabase(_ body: (DatabasePool, String) async throws -> Void) async throws {
    try await withTemporaryDatabase { path in
        try await body(try DemoDatabase.open(path: path, passwordIterations: 2), path)
    }
}
