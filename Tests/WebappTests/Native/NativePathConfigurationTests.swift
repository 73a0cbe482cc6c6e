import Foundation
import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

/// The Hotwire Native path configuration the demo serves, generated from its tree: in the
/// documented format, and with patterns that give every URL of the route table exactly the
/// presentation its transition declares.
@Suite("Native shell: path configuration")
struct NativePathConfigurationTests {
    static let contexts: Set<String> = ["default", "modal"]
    static let presentations: Set<String> = ["default", "push", "pop", "replace", "replace_root", "clear_all", "refresh", "none"]
    static let modalStyles: Set<String> = ["large", "medium", "full", "page_sheet", "form_sheet"]

    struct Rule {
        let patterns: [NSRegularExpression]
        let properties: [String: Any]
    }

    /// The served document, checked against Hotwire Native's documented format on the way.
    func served(_ fixture: ScoresFixture) async throws -> (json: [String: Any], rules: [Rule], page: TestPage) {
        let client = try fixture.visitor()
        let page = try await client.get("/_webrouter/path-configuration.json")
        #expect(page.status.code == 200)
        #expect(page.headers["Content-Type"] == "application/json")
        #expect(page.headers["Cache-Control"] == "public, no-cache")
        #expect(page.headers["ETag"] != nil)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(page.body)) as? [String: Any])
        #expect(Set(json.keys) == ["settings", "rules"])
        #expect(json["settings"] is [String: Any])
        let rawRules = try #require(json["rules"] as? [[String: Any]])
        var rules: [Rule] = []
        for raw in rawRules {
            #expect(Set(raw.keys) == ["patterns", "properties"])
            let patterns = try #require(raw["patterns"] as? [String])
            let properties = try #require(raw["properties"] as? [String: Any])
            #expect(!patterns.isEmpty)
            #expect(Self.contexts.contains(properties["context"] as? String ?? ""), "\(properties)")
            #expect(Self.presentations.contains(properties["presentation"] as? String ?? ""), "\(properties)")
            #expect(properties["pull_to_refresh_enabled"] is Bool)
            #expect((properties["uri"] as? String)?.hasPrefix("hotwire://fragment/") == true)
            if let style = properties["modal_style"] {
                #expect(Self.modalStyles.contains(style as? String ?? ""), "\(properties)")
                #expect(properties["context"] as? String == "modal")
            }
            rules.append(Rule(patterns: try patterns.map { try NSRegularExpression(pattern: $0) }, properties: properties))
        }
        return (json, rules, page)
    }

    /// The properties Hotwire Native ends with for `url`: every matching rule, in order, over the last.
    static func properties(of url: String, _ rules: [Rule]) -> [String: Any] {
        var result: [String: Any] = [:]
        let range = NSRange(url.startIndex..., in: url)
        for rule in rules where rule.patterns.contains(where: { $0.firstMatch(in: url, range: range) != nil }) {
            result.merge(rule.properties) { _, new in new }
        }
        return result
    }

    @Test("every example URL of the route table gets the presentation its transition declares")
    func everyRouteGetsItsPresentation() async throws {
        let fixture = try await ScoresFixture()
        let (_, rules, _) = try await served(fixture)
        let routes = fixture.app.table.routes
        #expect(rules.count > routes.count)
        // The nearest present among each route and its ancestors (routes are depth first).
        var ancestors: [RouteDescription] = []
        for route in routes {
            ancestors = Array(ancestors.prefix(route.depth)) + [route]
            let present = ancestors.last { $0.kind.hasPrefix("present") }
            for url in [route.example, route.example + "?q=x"] {
                let properties = Self.properties(of: url, rules)
                let why = "\(url) (\(route.kind), declared by \(route.declaration))"
                #expect(properties["screen"] as? String == route.screen, "\(why)")
                if let present {
                    let style = switch present.kind {
                    case "present sheet": "large"
                    case "present sheet (medium)": "medium"
                    case "present full cover": "full"
                    default: "form_sheet"
                    }
                    #expect(properties["context"] as? String == "modal", "\(why)")
                    #expect(properties["modal_style"] as? String == style, "\(why)")
                    #expect(properties["pull_to_refresh_enabled"] as? Bool == false, "\(why)")
                } else {
                    #expect(properties["context"] as? String == "default", "\(why)")
                    #expect(properties["modal_style"] == nil, "\(why)")
                }
                let presentation = route.kind == "tab" || route.kind == "window" ? "replace_root" : "default"
                #expect(properties["presentation"] as? String == presentation, "\(why)")
            }
        }
        // A URL of no route matches only the defaults.
        let stray = Self.properties(of: "/feed/no-such-step", rules)
        #expect(stray["screen"] == nil)
        #expect(stray["context"] as? String == "default")
    }

    @Test("a flow's later steps replace the screen; its first step opens it as declared")
    func flowStepsReplace() async throws {
        let fixture = try await ScoresFixture()
        let (_, rules, _) = try await served(fixture)
        let first = Self.properties(of: "/dashboard/~edit/name", rules)
        #expect(first["context"] as? String == "modal")
        #expect(first["modal_style"] as? String == "full")
        #expect(first["presentation"] as? String == "default")
        for step in ["team", "confirm"] {
            let later = Self.properties(of: "/dashboard/~edit/\(step)", rules)
            #expect(later["context"] as? String == "modal")
            #expect(later["presentation"] as? String == "replace", "\(step)")
            #expect(later["screen"] as? String == "UserEdit")
        }
    }

    @Test("settings list the tabs with their titles, icons and paths; a repeat fetch is a 304")
    func tabsAndCaching() async throws {
        let fixture = try await ScoresFixture()
        let (json, _, page) = try await served(fixture)
        let settings = try #require(json["settings"] as? [String: Any])
        #expect(settings["app_name"] as? String == fixture.app.configuration.appName)
        let tabs = try #require(settings["tabs"] as? [[String: Any]])
        #expect(tabs.map { $0["path"] as? String } == ["/feed", "/search", "/dashboard", "/messages"])
        #expect(tabs.map { $0["title"] as? String } == ["Feed", "Search", "Dashboard", "Messages"])
        #expect(tabs.allSatisfy { $0["window_case"] as? Int == 2 })
        let client = try fixture.visitor()
        let again = try await client.request(.get, "/_webrouter/path-configuration.json",
                                             headers: [("If-None-Match", try #require(page.headers["ETag"]))])
        #expect(again.status.code == 304)
        #expect(fixture.app.table.hotwirePathConfiguration(appName: fixture.app.configuration.appName) == page.text)
    }

    @Test("a page shown by Hotwire Native carries the class that hides the web tab bar and breadcrumb")
    func nativeShellClass() async throws {
        let fixture = try await ScoresFixture()
        let client = try await fixture.signedIn()
        let browser = try await client.get("/feed/match/12")
        #expect(browser.document.first { $0.tag == "html" }?["class"] == nil)
        client.defaultHeaders = [("User-Agent", "Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Hotwire Native iOS; Turbo Native iOS; bridge-components: []")]
        let native = try await client.get("/feed/match/12")
        #expect(native.document.first { $0.tag == "html" }?["class"] == "native-shell")
        // The landmarks stay in the document; the chrome's stylesheet hides them.
        #expect(native.has(.navigation("Tabs")))
        let css = try await client.get(try #require(native.stylesheets.first))
        #expect(css.text.contains(".native-shell .tabbar,\n.native-shell .breadcrumb { display: none; }"))
    }

    @Test("an older Turbo Native shell is told apart from browsers whose agent merely resembles one", arguments: [
        ("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Turbo Native Android", true),
        ("Hotwire Native", true),
        ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", false),
        ("Hotwire Nativ", false),
        ("hotwire native iOS", false),
        ("", false),
    ])
    func nativeShellAgents(agent: String, isNative: Bool) async throws {
        let fixture = try await ScoresFixture()
        let client = try await fixture.signedIn()
        client.defaultHeaders = [("User-Agent", agent)]
        let page = try await client.get("/feed/match/12")
        #expect((page.document.first { $0.tag == "html" }?["class"] == "native-shell") == isNative)
    }
}
