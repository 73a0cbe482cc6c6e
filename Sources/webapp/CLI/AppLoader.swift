import ArgumentParser
import Foundation
import WebRouter

/// Makes the app for a command; a screen tree that does not validate is printed and the
/// command exits with status 1.
///
/// ```swift
/// let app = try AppLoader.load(secret: .random(), observers: [RouteLog()])
/// ```
enum AppLoader {
    static func load(
        secret: AppSecret, publicOrigin: PublicOrigin? = nil, observers: [any RouteObserver] = []
    ) throws -> Application {
        do {
            return try ScoresApp.application(
                data: DemoData(), secret: secret, publicOrigin: publicOrigin, observers: observers)
        } catch {
            FileHandle.standardError.write(Data("webapp: the screen tree is not valid:\n\(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}
