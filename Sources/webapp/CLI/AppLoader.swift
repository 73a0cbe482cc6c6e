import ArgumentParser
import Foundation
import WebRouter

/// Makes the app for a command over the demo's data; a screen tree that does not validate is
/// printed and the command exits with status 1.
///
/// ```swift
/// let data = try await DemoData.open(storage: try await DemoStorage.open("webapp.sqlite"))
/// let app = try AppLoader.load(secret: .random(), data: data, observers: [RouteLog()])
/// ```
enum AppLoader {
    /// The app over demo data in memory (`webapp routes`, `webapp check`: no database is read).
    static func inMemory() async throws -> Application {
        try load(secret: .random(), data: try await DemoData.open(storage: try await DemoStorage.inMemory(), passwordIterations: 1))
    }

    /// The app over `data` (the demo's data made by the caller).
    static func load(
        secret: AppSecret, data: DemoData, publicOrigin: PublicOrigin? = nil,
        observers: [any RouteObserver] = [], configure: (inout ApplicationConfiguration) -> Void = { _ in }
    ) throws -> Application {
        do {
            return try ScoresApp.application(
                data: data, secret: secret, publicOrigin: publicOrigin, observers: observers, configure: configure)
        } catch {
            FileHandle.standardError.write(Data("webapp: the screen tree is not valid:\n\(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}
