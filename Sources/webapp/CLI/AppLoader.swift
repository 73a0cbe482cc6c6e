import ArgumentParser
import Foundation
import GRDB
import WebRouter

/// Makes the app for a command over its accounts database; a screen tree that does not
/// validate is printed and the command exits with status 1.
///
/// ```swift
/// let app = try AppLoader.load(secret: .random(), database: try DemoDatabase.open(path: "webapp.sqlite"), observers: [RouteLog()])
/// ```
enum AppLoader {
    static func load(
        secret: AppSecret, database: any DatabaseWriter, publicOrigin: PublicOrigin? = nil,
        observers: [any RouteObserver] = [], configure: (inout ApplicationConfiguration) -> Void = { _ in }
    ) throws -> Application {
        try load(secret: secret, data: DemoData(database: database), publicOrigin: publicOrigin, observers: observers,
                 configure: configure)
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
