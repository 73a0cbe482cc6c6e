import Foundation

extension AppSecret {
    /// The file, under the package's `.build` folder, that keeps the development secret.
    public static let developmentSecretFile = ".build/webrouter-dev-secret"

    /// A secret for development that outlives restarts: read from `path`, or made at random
    /// and written there (mode 0600) the first time, so a rebuild in the dev loop
    /// (`serve --dev`) never signs anyone out. `nil` when the file can be neither read nor
    /// written. Never use it in production: set `WEBROUTER_SECRET` there.
    /// ```swift
    /// let secret = AppSecret.development() ?? AppSecret.random()
    /// ```
    public static func development(path: String = developmentSecretFile) -> AppSecret? {
        if let text = try? String(contentsOfFile: path, encoding: .utf8),
            let secret = AppSecret(passphrase: text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            return secret
        }
        let key = CryptoPrimitives.randomBytes(32, level: .key)
        let text = Base64URL.encode(key)
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        guard FileManager.default.createFile(
            atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        else { return nil }
        return AppSecret(passphrase: text)
    }
}
