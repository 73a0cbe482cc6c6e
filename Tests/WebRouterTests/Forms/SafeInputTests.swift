import Testing
@testable import WebRouter
@testable import WebRouterHTTP
import WebRouterTesting

/// Issue 44: typed inputs are safe by default. A `.url` field takes a web address only, text
/// fields refuse control characters and bidirectional controls unless the app allows them,
/// and an uploaded file's name is reduced to a safe base name, the original kept as data.
@Suite struct SafeInputTests {
    struct Profile: Form, Equatable {
        var website: String?
        var anyLink: String?
        var name = ""
        var bio = ""
        var poem = ""
        var raw = ""
        var avatar: FormFile?

        static let fields: [Field<Profile>] = [
            .text("website", \.website, label: "Website", type: .url),
            .text("any_link", \.anyLink, label: "Any link", type: .url, allowing: .otherURLSchemes),
            .text("name", \.name, label: "Name"),
            .multiline("bio", \.bio, label: "About you"),
            .multiline("poem", \.poem, label: "Poem", allowing: .bidiControls),
            .text("raw", \.raw, label: "Raw", allowing: .controlCharacters),
            .file("avatar", \.avatar, label: "Avatar"),
        ]
    }

    static func error(_ name: String, _ value: String) -> String? {
        var form = FormData()
        form.fields = [(name: name, value: value)]
        guard case .failure(let errors) = Profile.validate(form) else { return nil }
        return errors[name]
    }

    static let refusedURLs = [
        "javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd", "http://", "https:///path",
        "http://:80/", "ftp://example.com/", "mailto:a@example.com", "JAVASCRIPT:alert(1)",
    ]

    @Test(arguments: refusedURLs)
    func aURLFieldRefusesAnythingButAWebAddress(url: String) {
        #expect(Self.error("website", url) == "Enter a web address, like https://example.com.", "\(url)")
    }

    @Test(arguments: ["https://example.com", "http://example.com:8080/a?b=c#d", "HTTPS://EXAMPLE.COM", "http://[::1]:8080/", "https://user@host.example/"])
    func aURLFieldTakesWebAddresses(url: String) {
        #expect(Self.error("website", url) == nil, "\(url)")
    }

    @Test func anAppCanWidenTheSchemes() {
        #expect(Self.error("any_link", "mailto:a@example.com") == nil)
        #expect(Self.error("any_link", "not a url") != nil)
    }

    static let hostileTexts = [
        "Ada\u{0}Lovelace", "Ada\u{1B}[31m", "Ada\u{7F}", "Ada\u{85}x", "evil\u{202E}gnp.exe", "a\u{202A}b", "a\u{2066}b", "a\u{2069}b",
        "tab\there",
    ]

    @Test(arguments: hostileTexts)
    func aTextFieldRefusesControlAndBidiCharacters(text: String) {
        let message = Self.error("name", text)
        #expect(message?.hasPrefix("Remove the") == true, "\(text.unicodeScalars.map { $0.value }): \(String(describing: message))")
    }

    @Test func aTextAreaKeepsLineBreaksAndTabsButRefusesTheRest() {
        #expect(Self.error("bio", "line one\nline\ttwo\r\nthree") == nil)
        #expect(Self.error("bio", "bell\u{7}") != nil)
        #expect(Self.error("bio", "evil\u{202E}txt") != nil)
    }

    @Test func anAppCanAllowThem() {
        #expect(Self.error("poem", "שלום \u{2067}abc\u{2069}") == nil)
        #expect(Self.error("raw", "a\u{1B}b") == nil)
        // Ordinary text from everywhere passes.
        #expect(Self.error("name", "Zoë Ωmega 中文 عربي 👩‍👩‍👧") == nil)
    }

    @Test func anUploadedFileNameIsASafeBaseNameAndTheOriginalIsKept() throws {
        let file = FormFile(name: "avatar", filename: "../../../etc/passwd\u{0}.png", contentType: "image/png", bytes: [1])
        #expect(file.filename == "passwd.png")
        #expect(file.originalFilename == "../../../etc/passwd\u{0}.png")
        #expect(FormFile.safeBaseName("C:\\Users\\ada\\photo.jpg") == "photo.jpg")
        #expect(FormFile.safeBaseName("..") == "")
        #expect(FormFile.safeBaseName(".htaccess") == "htaccess")
        #expect(FormFile.safeBaseName("evil\u{202E}gnp.exe") == "evilgnp.exe")
        let long = FormFile.safeBaseName(String(repeating: "é", count: 300) + ".pdf")
        #expect(long.utf8.count <= 255 && long.hasSuffix(".pdf"))
        // Through the multipart parser, as a browser sends it.
        let boundary = "XyZ"
        let body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"../../x/evil\u{1B}.sh\"\r\n"
            + "Content-Type: text/plain\r\n\r\nhi\r\n--\(boundary)--\r\n"
        let form = try FormData.decode(contentType: "multipart/form-data; boundary=\(boundary)", body: Array(body.utf8))
        #expect(form.files.first?.filename == "evil.sh")
        #expect(form.files.first?.originalFilename == "../../x/evil\u{1B}.sh")
    }
}
