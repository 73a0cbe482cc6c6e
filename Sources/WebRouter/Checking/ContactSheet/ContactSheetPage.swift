import WebRouterHTML
/// The contact sheet's `index.html`: the states in tree order, each with its screenshots
/// linking to its deep link, a list of them, Previous and Next links between them (a tour
/// without JavaScript) and a small inline script that tours with the ← and → keys.
struct ContactSheetPage {
    let appName: String
    let report: ContactSheetReport
    let options: ContactSheetOptions
    /// The height each thumbnail is shown at, in CSS pixels.
    static let thumbnailHeight = 300

    /// `text` escaped for HTML text and quoted attributes, by the HTML module's escaper.
    static func escape(_ text: String) -> String {
        var output = HTMLOutput(capacity: text.utf8.count + 16)
        output.appendEscapedText(text)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// The deep link of a state on the base URL.
    func deepLink(_ url: String) -> String {
        var base = options.baseURL
        while base.hasSuffix("/") { base.removeLast() }
        return base + url
    }

    func title(of entry: ContactSheetReport.Entry) -> String {
        (entry.state.screen.isEmpty ? "State" : entry.state.screen) + " at " + entry.state.url
    }

    var html: String {
        let name = appName.isEmpty ? "the app" : appName
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>Contact sheet of \(Self.escape(name))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <header>
            <h1>Contact sheet of \(Self.escape(name))</h1>
            <p>\(Self.escape(report.summary.replacingOccurrences(of: " (index.html in \(report.folder))", with: ""))): every state the state check visits, in tree order, at \(options.viewports.map { "\($0.name) (\($0.width) px)" }.joined(separator: ", ")), \(options.colorSchemes.map(\.rawValue).joined(separator: " and ")). Each screenshot opens its state at \(Self.escape(options.baseURL)).</p>
            <p>Tour: the <kbd>→</kbd> and <kbd>←</kbd> keys move to the next and the previous state, as do the Next and Previous links under each.</p>
            </header>

            """
        out += "<nav aria-label=\"States\">\n<h2 id=\"states\">States</h2>\n<ol>\n"
        for entry in report.entries {
            var flag = entry.changed ? " <strong class=\"flag\">changed</strong>" : report.hasBaseline && entry.isNew ? " <strong class=\"flag new\">new</strong>" : ""
            if !entry.violations.isEmpty { flag += " <strong class=\"flag\">axe: \(entry.violations.map(\.rule).joined(separator: ", "))</strong>" }
            out += "<li><a href=\"#\(entry.anchor)\">\(Self.escape(title(of: entry)))</a> <span class=\"viewer\">(\(Self.escape(entry.state.viewer)))</span>\(flag)</li>\n"
        }
        out += "</ol>\n</nav>\n<main>\n"
        for (index, entry) in report.entries.enumerated() {
            out += section(entry, previous: index > 0 ? report.entries[index - 1] : nil,
                           next: index + 1 < report.entries.count ? report.entries[index + 1] : nil)
        }
        out += "</main>\n<script>\(Self.script)</script>\n</body>\n</html>\n"
        return out
    }

    func section(_ entry: ContactSheetReport.Entry, previous: ContactSheetReport.Entry?, next: ContactSheetReport.Entry?) -> String {
        let state = entry.state
        var out = "<section id=\"\(entry.anchor)\" class=\"state\(entry.changed ? " changed" : "")\" tabindex=\"-1\" aria-labelledby=\"\(entry.anchor)-title\">\n"
        out += "<h2 id=\"\(entry.anchor)-title\">\(Self.escape(state.screen.isEmpty ? "State" : state.screen)) <code>\(Self.escape(state.url))</code></h2>\n"
        var facts = [state.viewer, "status \(state.status)"]
        if let path = state.clickPath {
            facts.append("clicks: " + path.map { $0.label == "root" ? $0.url : "“\($0.label)” → \($0.url)" }.joined(separator: " › "))
        } else {
            facts.append("no click reaches it")
        }
        out += "<p class=\"facts\">\(Self.escape(facts.joined(separator: " · ")))</p>\n"
        if entry.changed {
            let changed = entry.shots.filter(\.changed).map { "\($0.viewport), \($0.colorScheme.rawValue) (\(Self.percent($0.differingShare ?? 1)) of pixels)" }
            out += "<p class=\"flag\"><strong>Changed</strong> against the baseline: \(Self.escape(changed.joined(separator: "; "))).</p>\n"
        }
        if !entry.violations.isEmpty {
            out += "<div class=\"flag\"><p><strong>axe-core</strong> found \(entry.violations.count == 1 ? "a violation" : "\(entry.violations.count) violations"):</p>\n<ul>\n"
            for violation in entry.violations {
                out += "<li><code>\(Self.escape(violation.rule))</code> (\(Self.escape(violation.impact)), \(violation.nodes) \(violation.nodes == 1 ? "element" : "elements")): \(Self.escape(violation.help)) — \(Self.escape(violation.shots.joined(separator: "; ")))</li>\n"
            }
            out += "</ul>\n</div>\n"
        }
        out += "<ul class=\"shots\">\n"
        for shot in entry.shots {
            let viewport = options.viewports.first { $0.name == shot.viewport } ?? .desktop
            let width = viewport.width * Self.thumbnailHeight / max(viewport.height, 1)
            let what = "\(shot.viewport), \(shot.colorScheme.rawValue)"
            out += "<li><figure>"
            out += "<a href=\"\(Self.escape(deepLink(state.url)))\"><img src=\"\(Self.escape(shot.file))\" alt=\"\(Self.escape(title(of: entry))), \(what) (opens the state)\" width=\"\(width)\" height=\"\(Self.thumbnailHeight)\" loading=\"lazy\"></a>"
            out += "<figcaption>\(Self.escape(what))"
            if let diff = shot.diffFile {
                out += " · <a class=\"diff\" href=\"\(Self.escape(diff))\">diff of \(Self.escape(what)): \(Self.percent(shot.differingShare ?? 1)) of pixels</a>"
            }
            out += "</figcaption></figure></li>\n"
        }
        out += "</ul>\n<p class=\"tour\">"
        if let previous { out += "<a href=\"#\(previous.anchor)\" rel=\"prev\">Previous: \(Self.escape(title(of: previous)))</a> " }
        if let next { out += "<a href=\"#\(next.anchor)\" rel=\"next\">Next: \(Self.escape(title(of: next)))</a>" }
        out += "</p>\n</section>\n"
        return out
    }

    static func percent(_ share: Double) -> String {
        share >= 0.01 ? String(format: "%.1f %%", share * 100) : String(format: "%.2f %%", share * 100)
    }

    static let style = """
        :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.4; }
        body { margin: 0 auto; padding: 1rem; max-width: 120rem; }
        a { color: LinkText; }
        nav ol { columns: 20rem; }
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
