import Foundation
import Testing
@testable import WebRouter

@Suite struct DevelopmentSecretTests {
    @Test func theDevelopmentSecretIsMadeOnceKeptPrivateAndTheSameAfterARestart() throws {
        let path = "/tmp/wr-dev-secret-\(UInt32.random(in: 0...UInt32.max))/webrouter-dev-secret"
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let first = try #require(AppSecret.development(path: path))
        let again = try #require(AppSecret.development(path: path))   // the next start
        #expect(first.derivedKey(for: "session") == again.derivedKey(for: "session"))
        #expect(!first.isEphemeral)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func developmentModeGivesEveryPageAStreamAndKeepsAGivenSecret() throws {
        var configuration = ApplicationConfiguration(
            appName: "Dev", secret: AppSecret(passphrase: String(repeating: "given secret ", count: 4))!)
        let given = configuration.secret.derivedKey(for: "session")
        DevelopmentLoop.configure(&configuration, joinsLoop: false)
        #expect(configuration.live.development)
        #expect(configuration.secret.derivedKey(for: "session") == given)
    }

    @Test func withoutASecretTheProductionWarningSaysSessionsEndAtEveryRestart() {
        let warning = AppSecret.random().ephemeralWarning ?? ""
        #expect(warning.contains("WEBROUTER_SECRET is not set"))
        #expect(warning.contains("every restart"))
    }
}
