import Foundation
import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

extension BrowserTests {
    /// axe-core over every screen of the demo app, in light mode, dark mode and on a 390 px
    /// phone. The screens come from the storyboard page `/_map`, visited signed out and signed
    /// in, plus the states the map does not draw: 404 pages, 422 form errors, an alert and
    /// stacked modals (``DemoSite``). One browser does it all: each page is loaded once, axe is
    /// injected once, and it runs once per mode (the colour scheme and the viewport are switched
    /// with DevTools emulation, without reloading). Zero violations is the bar.
    ///
    /// axe.min.js comes from PyPI's axe-playwright-python (Tests/Browser/requirements.txt), which
    /// ships a current axe-core; only its script file is used (`AXE_JS` names another).
    /// (Was Tests/Browser/test_accessibility.py.)
    @Suite("axe-core on every screen")
    struct AccessibilityTests {
        /// A mode: its name, `prefers-color-scheme`, the viewport.
        struct Mode {
            var name: String
            var scheme: String
            var width: Int
            var height: Int
        }

        static let modes = [
            Mode(name: "light", scheme: "light", width: 1280, height: 900),
            Mode(name: "dark", scheme: "dark", width: 1280, height: 900),
            Mode(name: "phone", scheme: "light", width: 390, height: 844),
        ]

        /// Rules switched off, each with the reason. Empty: every rule of axe-core's default set
        /// runs (WCAG 2.0–2.2 A and AA and axe's best practices).
        static let disabledRules: [String: String] = [:]

        static let runAxe = """
            const done = arguments[arguments.length - 1];
            const rules = {};
            for (const id of arguments[0]) rules[id] = {enabled: false};
            // A switched colour scheme or viewport restyles the page, and under reduced motion every
            // property still "transitions" for 0.01 ms: wait for frames until no transition runs, or axe
            // reads half-switched colours.
            const frame = () => new Promise(resolve => requestAnimationFrame(resolve));
            const settled = async () => {
              await frame(); await frame();
              for (let i = 0; i < 20 && document.getAnimations().some(a => a.playState === 'running'); i++) await frame();
            };
            settled().then(() => axe.run(document, {resultTypes: ['violations'], rules}))
              .then(results => done(results.violations.map(v => ({
                  id: v.id, impact: v.impact, help: v.help,
                  targets: v.nodes.map(n => n.target.join(' ')),
                  summaries: v.nodes.map(n => n.failureSummary)}))))
              .catch(error => done({error: String(error)}));
            """

        /// The elements (at most 8) whose right edge passes the viewport's, when the page is wider than it.
        static let overflowing = """
            const width = document.documentElement.clientWidth;
            if (document.documentElement.scrollWidth <= width) return [];
            const wide = [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > width + 1);
            return wide.filter(e => !wide.includes(e.parentElement)).slice(0, 8).map(e =>
              e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : ''));
            """

        struct Violation {
            var id: String
            var impact: String
            var help: String
            var targets: [String]
            var summaries: [String]
        }

        /// The violations found so far, by page and mode, and which pages were audited.
        final class Audit {
            let client: TestClient
            let axeSource: String
            var audited: Set<String> = []
            var pages = 0
            var violations: [(page: String, mode: String, violation: Violation)] = []

            init(_ client: TestClient, axeSource: String) {
                self.client = client
                self.axeSource = axeSource
            }

            /// Audits the page the browser shows now, once per mode, under `label` (its URL and state).
            func run(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
                pages += 1
                let session = try await client.webDriverSession()
                _ = try await session.execute(axeSource)
                for mode in AccessibilityTests.modes {
                    try await client.emulate(colorScheme: mode.scheme, width: mode.width, height: mode.height)
                    let found = try await session.executeAsync(AccessibilityTests.runAxe, [.array(AccessibilityTests.disabledRules.keys.sorted().map(JSONValue.string))])
                    let list = try #require(found.arrayValue, "axe failed on \(label) (\(mode.name)): \(found)", sourceLocation: sourceLocation)
                    violations += list.map { item in
                        (label, mode.name, Violation(
                            id: item["id"]?.stringValue ?? "?", impact: item["impact"]?.stringValue ?? "?", help: item["help"]?.stringValue ?? "",
                            targets: item["targets"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                            summaries: item["summaries"]?.arrayValue?.compactMap(\.stringValue) ?? []))
                    }
                    // axe does not check reflow (WCAG 1.4.10): on the phone nothing may scroll sideways.
                    if mode.width == 390 {
                        let wide = try await session.execute(AccessibilityTests.overflowing).arrayValue?.compactMap(\.stringValue) ?? []
                        if !wide.isEmpty {
                            violations.append((label, mode.name, Violation(
                                id: "reflow (not axe)", impact: "serious", help: "Content wider than the \(mode.width) px viewport scrolls sideways",
                                targets: wide, summaries: ["Fix: let long words and codes wrap (overflow-wrap)"])))
                        }
                    }
                }
                try await client.emulate(colorScheme: "light", width: 1280, height: 900)
            }

            /// Loads `url` and audits where it lands, unless that page was audited already in this
            /// state (a signed-out visitor is sent to the same Welcome page from many URLs).
            func visit(_ url: String, state: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
                let page = try await client.get(url)
                let landed = page.url.removingPercentEncoding ?? page.url
                let key = state + " " + (landed.components(separatedBy: "?next=").first ?? landed)
                guard audited.insert(key).inserted else { return }
                try await run("\(landed) (\(state))" + (landed != url ? " from \(url)" : ""), sourceLocation: sourceLocation)
            }

            /// A form's states beyond the empty one the crawl audits: filled in by a person, and
            /// answered 422 with a message on each field (a forged submission past the browser's
            /// checks).
            func formStates(_ form: DemoSite.DemoForm, sourceLocation: SourceLocation = #_sourceLocation) async throws {
                try await client.get(form.page)
                try await client.waitUntil("the enhancement script", sourceLocation: sourceLocation,
                                           "return document.documentElement.classList.contains('js-dialogs')")
                try await client.animationsDone(sourceLocation: sourceLocation)
                try await form.fill(client)
                try await run("\(form.page) (filled)", sourceLocation: sourceLocation)
                try await client.get(form.page)
                try await client.waitUntil("the enhancement script", sourceLocation: sourceLocation,
                                           "return document.documentElement.classList.contains('js-dialogs')")
                _ = try await client.webDriverSession().execute(DemoSite.forgedSubmission)
                try await client.waitUntil("the fields' errors", sourceLocation: sourceLocation,
                                           "return document.querySelectorAll('.field-error, .form-errors').length > 0")
                try await client.animationsDone(sourceLocation: sourceLocation)
                try await run("\(form.page) (422, a message on each field)", sourceLocation: sourceLocation)
            }

            /// One paragraph per rule: impact, how many nodes, then each page and mode with its targets.
            var report: String {
                let byRule = Dictionary(grouping: violations, by: \.violation.id)
                var lines: [String] = []
                for (rule, hits) in byRule.sorted(by: { $0.key < $1.key }) {
                    let nodes = hits.reduce(0) { $0 + $1.violation.targets.count }
                    let first = hits[0].violation
                    lines.append("\(rule) (\(first.impact)): \(first.help) — \(nodes) nodes on \(Set(hits.map(\.page)).count) pages")
                    for mode in AccessibilityTests.modes {
                        let inMode = hits.filter { $0.mode == mode.name }
                        if !inMode.isEmpty {
                            lines.append("  \(mode.name): \(inMode.reduce(0) { $0 + $1.violation.targets.count }) nodes on \(inMode.count) pages")
                        }
                    }
                    for hit in hits {
                        let targets = hit.violation.targets.prefix(8).joined(separator: ", ") + (hit.violation.targets.count > 8 ? " …" : "")
                        lines.append("    \(hit.page) [\(hit.mode)]: \(targets)")
                        let summary = hit.violation.summaries.first?.split(separator: "\n").last.map(String.init) ?? ""
                        lines.append("        \(summary.trimmingCharacters(in: .whitespaces))")
                    }
                }
                return lines.joined(separator: "\n")
            }
        }

        /// Every map link but most of the universal Share card's: /_map lists it over each of
        /// the ~30 screens, and those pages differ from the screen beneath only by the same card.
        /// It is audited over every tab's and window's root and, from the extra pages, over a
        /// modal and over a modal's stack; the HTML checker still crawls every one of them.
        static func worthAuditing(_ url: String) -> Bool {
            !url.hasSuffix("/~share") || url.filter { $0 == "/" }.count <= 2
        }

        /// axe.min.js: `AXE_JS`, else the one axe-playwright-python installs; `nil` when neither is there.
        static var axePath: String? {
            if let path = ProcessInfo.processInfo.environment["AXE_JS"], !path.isEmpty { return path }
            return Browser.pythonPackageFile("axe_playwright_python", "axe.min.js")
        }

        @Test func axeFindsNoViolationOnAnyScreen() async throws {
            guard let axePath = Self.axePath, let axeSource = try? String(contentsOfFile: axePath, encoding: .utf8) else {
                try Browser.skip("axe.min.js not found: `make browser-deps` installs axe-playwright-python with pip (or set AXE_JS)")
            }
            try await Browser.test(Browser.wide) { client in
                try await client.webDriverSession().setScriptTimeout(.seconds(60))
                let audit = Audit(client, axeSource: axeSource)

                try await client.get("/_map")
                let screens = DemoSite.mapLinks(try #require(client.page)).filter(Self.worthAuditing)
                try #require(screens.count >= 20, "/_map lists only \(screens)")

                // Signed out: the map's links land on the pages a stranger may see (or on Welcome).
                for url in ["/_map"] + screens + DemoSite.signedOutExtras {
                    try await audit.visit(url, state: "signed out")
                }

                // A typed form's states: empty (the crawl above), filled, and a 422 with a
                // message on a field (a taken username).
                try await client.get("/welcome/~registration")
                try await client.waitUntil("the enhancement script", "return document.documentElement.classList.contains('js-dialogs')")
                try await client.fill("Username", with: "ada")
                try await client.fill("Display name", with: "Ada Lovelace")
                try await audit.run("/welcome/~registration (filled)")
                try await client.send(DemoSite.takenUsername)
                try await client.waitUntil("the field's error", "return document.querySelectorAll('dialog[open] .field-error').length > 0")
                try await audit.run("/welcome/~registration (422, a message on a field)")

                for form in DemoSite.forms where !form.signedIn {
                    try await audit.formStates(form)
                }

                // A 422: the sign-in form shown again with its error; then signing in from it.
                try await client.send(DemoSite.invalidSignIn)
                try await client.waitUntil("the form's errors", "return document.querySelectorAll('dialog[open] .form-errors, dialog[open] .field-error').length > 0")
                try await audit.run("\(DemoSite.login) (422, wrong password)")
                try await client.send(DemoSite.signIn, opening: false)
                try client.expect(url: "/feed", screen: "Feed")

                for url in screens + DemoSite.signedInExtras {
                    try await audit.visit(url, state: "signed in")
                }

                for form in DemoSite.forms where form.signedIn {
                    try await audit.formStates(form)
                }

                try await client.send(DemoSite.invalidPasswordChange)
                try await client.waitUntil("the form's errors", "return document.querySelectorAll('dialog[open] .form-errors, dialog[open] .field-error').length > 0")
                try await audit.run("\(DemoSite.changePassword) (422, wrong current password)")

                print("axe-core audited \(audit.pages) pages × \(Self.modes.count) modes")
                #expect(audit.violations.isEmpty, "axe-core found violations:\n\(audit.report)")
            }
        }

        /// With JavaScript off nothing calls showModal(): the server marks the page beneath an
        /// open dialog inert, and the keyboard path must start in the topmost dialog, not at a
        /// skip link that points at the inert page.
        @Test func withoutJavaScriptTheFirstTabGoesIntoTheOpenDialog() async throws {
            try await Browser.test(BrowserOptions(width: 390, height: 844, javaScript: false)) { client in
                for url in ["/welcome/~share", "/welcome/~registration", "/welcome/~registration/~share"] {
                    try await client.get(url)
                    try await client.pressKey(.tab)
                    // Inside the dialog, or a skip link to it.
                    let outside = try await client.evaluate("""
                        const focused = document.activeElement;
                        const dialogs = document.querySelectorAll('dialog[open]');
                        if (dialogs.length === 0) return 'no open dialog';
                        const top = dialogs[dialogs.length - 1];
                        const target = (focused.getAttribute('href') || '').replace(/^#/, '');
                        const inside = (focused !== top && top.contains(focused)) || (target !== '' && target === top.getAttribute('id'));
                        return inside ? '' : focused.outerHTML.slice(0, 160) + ', outside the topmost open dialog (' + top.dataset.screen + ')';
                        """)
                    #expect(outside == "", "\(url): the first Tab focused \(outside)")
                }
            }
        }
    }
}
