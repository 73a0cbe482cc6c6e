import Foundation
@testable import webapp

/// Runs `body` with the path of a database file in a fresh temporary directory, removed afterwards.
func withTemporaryDatabase(_ body: (String) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("webapp-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory.appendingPathComponent("webapp.sqlite").path)
}

/// Runs `body` with the demo's storage (accounts and store) opened and migrated in a fresh
/// temporary file, and the file's path; closed and removed afterwards.
func withMigratedDatabase(_ body: (DemoStorage, String) async throws -> Void) async throws {
    try await withTemporaryDatabase { path in
        let storage = try await DemoStorage.sqlite(path: path)
        do {
            try await body(storage, path)
            await storage.close()
        } catch {
            await storage.close()
            throw error
        }
    }
}
