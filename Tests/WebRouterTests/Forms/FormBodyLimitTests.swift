import Testing
import WebRouter
import WebRouterTesting

// Issue 45: one body limit, set once and seen everywhere. A typed form's own maxBodySize
// (3 MiB here) raises the server's 1 MiB for its screen's URL once its action names it; the
// app's server configuration is the one the kit runs, in process, live and in Chromium.

private struct PhotoForm: Form {
    var caption = ""
    var photo: FormFile?
    static let fields: [Field<PhotoForm>] = [
        .text("caption", \.caption, label: "Caption"),
        .file("photo", \.photo, label: "Photo", .required(), .maxSize(3 << 20, "Photos up to 3 MB, please.")),
    ]
    static let maxBodySize = 3 << 20
}

private actor Album {
    private(set) var saved: [Int] = []
    func save(_ bytes: Int) { saved.append(bytes) }
}

private struct AlbumScreen: ContentScreen {
    enum Action: String, ScreenAction {
        case upload
        var formType: (any Form.Type)? { PhotoForm.self }
    }
    let album: Album
    let title = "Album"
    func body(_ context: Void, router: Router<AlbumScreen>) async -> some HTML {
        let saved = await album.saved
        return AnyHTML {
            h1 { "Album" }
            p { "Photos: \(saved.count)" }
            router.form(.upload, PhotoForm()) { fields in
                fields
                button(.type("submit")) { "Upload" }
            }
        }
    }
    func perform(_ action: Action, form: FormData, router: Router<AlbumScreen>) async throws -> ActionResult {
        try await router.validate(PhotoForm.self, form) { photo in
            await album.save(photo.photo?.bytes.count ?? 0)
            return .move(to: router.url)
        }
    }
}

/// The same form with an action that names no typed form: the app's server limit governs.
private struct PlainAlbum: ContentScreen {
    enum Action: String, ScreenAction { case upload }
    let album: Album
    let title = "Plain album"
    func body(_ context: Void, router: Router<PlainAlbum>) async -> some HTML {
        let saved = await album.saved
        return AnyHTML {
            p { "Photos: \(saved.count)" }
            router.form(.upload, PhotoForm()) { fields in
                fields
                button(.type("submit")) { "Upload" }
            }
        }
    }
    func perform(_ action: Action, form: FormData, router: Router<PlainAlbum>) async throws -> ActionResult {
        try await router.validate(PhotoForm.self, form) { photo in
            await album.save(photo.photo?.bytes.count ?? 0)
            return .move(to: router.url)
        }
    }
}

@Suite("One body limit", .serialized)
struct FormBodyLimitTests {
    private func makeApp(_ album: Album, serverLimit: Int? = nil) throws -> Application {
        var configuration = ApplicationConfiguration(
            appName: "Album", secret: AppSecret(passphrase: String(repeating: "album secret ", count: 4))!)
        configuration.logger.logLevel = .critical
        if let serverLimit { configuration.server.maxBodySize = serverLimit }
        return try Application(Window(Tabs {
            Navigation(AlbumScreen(album: album))
            Navigation(PlainAlbum(album: album))
        }), configuration: configuration)
    }

    private static func photo(_ bytes: Int) -> TestFile {
        TestFile(name: "photo.jpg", contentType: "image/jpeg", contents: [UInt8](repeating: 0xAB, count: bytes))
    }

    @Test(arguments: TestClient.Mode.allCases)
    func aFormsOwnLimitRaisesTheServersForItsScreen(mode: TestClient.Mode) async throws {
        let album = Album()
        try await makeApp(album).test(mode) { client in
            try await client.get("/album-screen")
            try await client.attach(Self.photo(2_500_000), to: "Photo")
            try await client.press("Upload")
            try client.expect(status: 200, url: "/album-screen", text: "Photos: 1")
            #expect(await album.saved == [2_500_000])

            // Past the form's 3 MiB: the form again with the app's own words, nothing saved.
            try await client.attach(Self.photo(3_500_000), to: "Photo")
            try await client.fill("Caption", with: "the big one")
            try await client.press("Upload")
            try client.expect(status: 422, text: "Photos up to 3 MB, please.")
            #expect(await album.saved == [2_500_000])
        }
    }

    @Test(arguments: TestClient.Mode.allCases)
    func withoutTheFormNamedTheServersLimitHoldsAndTheKitRunsTheAppsOwn(mode: TestClient.Mode) async throws {
        let album = Album()
        // The framework's 1 MiB: a 1.5 MB photo meets the server's limit, which the form names
        // (its own "up to 3 MB" would not be true of it).
        try await makeApp(album).test(mode) { client in
            try await client.get("/plain-album")
            try await client.attach(Self.photo(1_500_000), to: "Photo")
            try await client.press("Upload")
            try client.expect(status: 422, text: "Choose a smaller file: this form takes at most 1 MB in all.")
        }
        // The app's configuration.server says 2 MiB: every mode of the kit runs it.
        try await makeApp(album, serverLimit: 2 << 20).test(mode) { client in
            try await client.get("/plain-album")
            try await client.attach(Self.photo(1_500_000), to: "Photo")
            try await client.press("Upload")
            try client.expect(status: 200, url: "/plain-album", text: "Photos: 1")
        }
        #expect(await album.saved == [1_500_000])
    }
}
