import Foundation
import Testing
import WebRouter
import WebRouterAccounts
import WebRouterTesting
@testable import NotesApp

/// An app over a database in memory with one account, `ada`, holding the sample notes
/// (ids 1 to 4), and a way to sign her in as a person would.
enum Fixture {
    static let username = "ada"
    static let password = "correct horse"

    /// The data: `ada` and her four sample notes.
    static func data() async throws -> NotesData {
        let data = try await NotesData.inMemory()
        _ = try await data.accounts.store.register(username: username, password: password)
        try await data.notes.addSamples(for: username)
        return data
    }

    /// The app over ``data()``.
    static func app() async throws -> Application {
        try NotesApp.make(data: try await data(), secret: .random())
    }

    /// A temporary directory, removed when `body` returns.
    static func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory)
    }
}

extension TestClient {
    /// Signs in through the sign-in sheet over Home, with the fixture's account by default.
    @discardableResult
    func signIn(_ username: String = Fixture.username, password: String = Fixture.password) async throws -> TestPage {
        try await get("/home/~sign-in")
        try await fill("Username", with: username)
        try await fill("Password", with: password)
        return try await press("Sign in")
    }
}
