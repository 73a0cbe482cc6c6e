import WebRouterHTML
/// The contact sheet's `index.html`: the states in tree order, each with its screenshots
/// linking to its deep link, a list of them, Previous and Next links between them (a tour
/// without JavaScript) and a small inline script that tours with the ← and → keys.
struct ContactSheetPage {
    /// `<kbd>`, which the HTML module has no alias for.
    enum KeyboardTag: HTMLTagName { static let name: StaticString = "kbd" }
    typealias kbd<Content: HTML> = HTMLElement<KeyboardTag, Content>

    let appName: String
    let report: ContactSheetReport
    let options: ContactSheetOptions
    /// The height each thumbnail is shown at, in CSS pixels.
    static let thumbnailHeight = 300

    /// The deep link of a state on the base URL.
    func deepLink(_ url: String) -> String {
        var base = options.baseURL
        while base.hasSuffix("/") { base.removeLast() }
        return base + url
    }

    func title(of entry: ContactSheetReport.Entry) -> String {
        (entry.state.screen.isEmpty ? "State" : entry.state.screen) + " at " + entry.state.url
    }

    /// The whole document, drawn with the HTML module (every value escaped; only the sheet's
    /// own constant style and script are written as they are).
    var html: String {
        var output = HTMLOutput(capacity: 64 * 1024)
        output.appendRaw("<!DOCTYPE html>\n")
        document.render(into: &output)
        output.appendRaw("\n")
        return String(decoding: output.bytes, as: UTF8.self)
    }

    private var document: some HTML {
        let name = appName.isEmpty ? "the app" : appName
        let summary = report.summary.replacingOccurrences(of: " (index.html in \(report.folder))", with: "")
        let viewports = options.viewports.map { "\($0.name) (\($0.width) px)" }.joined(separator: ", ")
        let schemes = options.colorSchemes.map(\.rawValue).joined(separator: " and ")
        return WebRouterHTML.html(.lang("en")) {
            head {
                meta(.charset("utf-8"))
                meta(.name("viewport"), .content("width=device-width, initial-scale=1"))
                meta(.name("color-scheme"), .content("light dark"))
                WebRouterHTML.title { "Contact sheet of \(name)" }
                WebRouterHTML.style { UnsafeRawHTML(Self.style) }
            }
            body {
                header {
                    h1 { "Contact sheet of \(name)" }
                    p {
                        "\(summary): every state the state check visits, in tree order, at \(viewports), \(schemes). "
                        "Each screenshot opens its state at \(options.baseURL)."
                    }
                    p { "Tour: the "; kbd { "→" }; " and "; kbd { "←" }; " keys move to the next and the previous state, as do the Next and Previous links under each." }
                }
                nav(.aria("label", "States")) {
                    h2(.id("states")) { "States" }
                    ol {
                        report.entries.map { entry in
                            li {
                                a(.href("#" + entry.anchor)) { self.title(of: entry) }
                                " "
                                span(.class("viewer")) { "(\(entry.state.viewer))" }
                                self.flags(entry)
                            }
                        }
                    }
                }
                main {
                    report.entries.indices.map { index in
                        self.stateSection(report.entries[index], previous: index > 0 ? report.entries[index - 1] : nil,
                                          next: index + 1 < report.entries.count ? report.entries[index + 1] : nil)
                    }
                }
                WebRouterHTML.script { UnsafeRawHTML(Self.script) }
            }
        }
    }

    /// The list's marks of a state: changed (or new) against the baseline, axe's rules.
    @HTMLBuilder private func flags(_ entry: ContactSheetReport.Entry) -> some HTML {
            if entry.changed {
                " "
                strong(.class("flag")) { "changed" }
            } else if report.hasBaseline && entry.isNew {
                " "
                strong(.class("flag new")) { "new" }
            }
            if !entry.violations.isEmpty {
                " "
                strong(.class("flag")) { "axe: " + entry.violations.map(\.rule).joined(separator: ", ") }
            }
    }

    /// What the sheet says of a state under its heading: its viewer, status and click path.
    private func facts(_ state: StateCheckReport.State) -> String {
        var facts = [state.viewer, "status \(state.status)"]
        if let path = state.clickPath {
            facts.append("clicks: " + path.map { $0.label == "root" ? $0.url : "“\($0.label)” → \($0.url)" }.joined(separator: " › "))
        } else {
            facts.append("no click reaches it")
        }
        return facts.joined(separator: " · ")
    }

    @HTMLBuilder private func stateSection(_ entry: ContactSheetReport.Entry, previous: ContactSheetReport.Entry?,
                                           next: ContactSheetReport.Entry?) -> some HTML {
        section(.id(entry.anchor), .class(entry.changed ? "state changed" : "state"), .tabindex(-1),
                .aria("labelledby", entry.anchor + "-title")) {
            h2(.id(entry.anchor + "-title")) { entry.state.screen.isEmpty ? "State" : entry.state.screen; " "; code { entry.state.url } }
            p(.class("facts")) { facts(entry.state) }
            if entry.changed { changedNote(entry) }
            if !entry.violations.isEmpty { violations(entry) }
            ul(.class("shots")) {
                entry.shots.map { shot in self.shotItem(shot, of: entry) }
            }
            p(.class("tour")) {
                if let previous { a(.href("#" + previous.anchor), .rel("prev")) { "Previous: " + self.title(of: previous) } }
                if previous != nil && next != nil { " " }
                if let next { a(.href("#" + next.anchor), .rel("next")) { "Next: " + self.title(of: next) } }
            }
        }
    }

    /// Which of a changed state's screenshots differ from the baseline, and by how much.
    private func changedNote(_ entry: ContactSheetReport.Entry) -> some HTML {
        let changed = entry.shots.filter(\.changed)
            .map { "\($0.viewport), \($0.colorScheme.rawValue) (\(Self.percent($0.differingShare ?? 1)) of pixels)" }
        return p(.class("flag")) { strong { "Changed" }; " against the baseline: \(changed.joined(separator: "; "))." }
    }

    /// axe-core's violations on a state, each with its rule, impact, help and screenshots.
    private func violations(_ entry: ContactSheetReport.Entry) -> some HTML {
        let count = entry.violations.count == 1 ? "a violation" : "\(entry.violations.count) violations"
        return div(.class("flag")) {
            p { strong { "axe-core" }; " found \(count):" }
            ul {
                entry.violations.map { violation in
                    li {
                        code { violation.rule }
                        " (\(violation.impact), \(violation.nodes) \(violation.nodes == 1 ? "element" : "elements")): \(violation.help) — \(violation.shots.joined(separator: "; "))"
                    }
                }
            }
        }
    }

    /// One screenshot: a thumbnail linking to the state, its viewport and scheme, its diff.
    private func shotItem(_ shot: ContactSheetReport.Shot, of entry: ContactSheetReport.Entry) -> some HTML {
        let viewport = options.viewports.first { $0.name == shot.viewport } ?? .desktop
        let width = viewport.width * Self.thumbnailHeight / max(viewport.height, 1)
        let what = "\(shot.viewport), \(shot.colorScheme.rawValue)"
        return li {
            figure {
                a(.href(deepLink(entry.state.url))) {
                    img([.src(shot.file), .alt("\(title(of: entry)), \(what) (opens the state)"), .custom(name: "width", value: String(width)),
                         .custom(name: "height", value: String(Self.thumbnailHeight)), .custom(name: "loading", value: "lazy")])
                }
                figcaption {
                    what
                    if let diff = shot.diffFile {
                        " · "
                        a(.class("diff"), .href(diff)) { "diff of \(what): \(Self.percent(shot.differingShare ?? 1)) of pixels" }
                    }
                }
            }
        }
    }

    static func percent(_ share: Double) -> String {
        share >= 0.01 ? String(format: "%.1f %%", share * 100) : String(format: "%.2f %%", share * 100)
    }

    static let style = """
        :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.4; }
        body { margin: 0 auto; padding: 1rem; max-width: 120rem; }
        a { color: LinkText; }
        nav ol { columns: 20rem; column-gap: 3.5rem; }
        nav li { overflow-wrap: anywhere; break-inside: avoid; }
        .state { border-top: 1px solid GrayText; padding: 0.5rem 0 1rem; scroll-margin-top: 0.5rem; }
        .state:target, .state:focus { outline: 3px solid Highlight; outline-offset: 4px; }
        .state h2 { font-size: 1.15rem; margin: 0.5rem 0 0.25rem; }
        .facts { margin: 0; font-size: 0.9rem; }
        .shots { display: flex; flex-wrap: wrap; gap: 1rem; list-style: none; padding: 0; margin: 0.75rem 0; }
        figure { margin: 0; }
        img { display: block; max-width: 100%; height: auto; border: 1px solid GrayText; }
        figcaption { font-size: 0.85rem; }
        .flag { color: #b00020; }
        @media (prefers-color-scheme: dark) { .flag { color: #ff8a80; } }
        .new { color: inherit; }
        .changed img { border: 3px solid #b00020; }
        """

    /// ← and → move to the previous and the next state; the focus follows, so a screen
    /// reader reads the state's heading.
    static let script = """
        (function () {
          var states = Array.prototype.slice.call(document.querySelectorAll('section.state'));
          function current() {
            var id = decodeURIComponent(location.hash.slice(1));
            for (var i = 0; i < states.length; i++) if (states[i].id === id) return i;
            return -1;
          }
          document.addEventListener('keydown', function (event) {
            if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
            var target = event.target;
            if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
            var step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
            if (!step || !states.length) return;
            var index = Math.max(0, Math.min(states.length - 1, current() + step));
            event.preventDefault();
            location.hash = states[index].id;
            states[index].focus();
          });
        })();
        """
}
