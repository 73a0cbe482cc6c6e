import Foundation

/// Runs `body` with the path of a database file in a fresh temporary directory, removed afterwards.
func withTemporaryDatabase(_ body: (String) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("accounts-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory.appendingPathComponent("accounts.sqlite").path)
}
