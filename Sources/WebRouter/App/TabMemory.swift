import WebRouterHTML
@_spi(WebRouterInternals) import WebRouterHTTP
/// Remembers, in a cookie, the stack last shown in each tab, so that a tab's link leads
/// back to it like a native tab bar; the server stays stateless.
///
/// The cookie holds `name=path` pairs; every path read back is parsed and kept only when it is
/// a state of that very tab, so a forged cookie can only point at pages of the app. That check
/// runs once, when the cookie is decoded (the application caches decoded cookies by value), so
/// a page's tab bar only looks its links up.
struct TabMemory: Sendable, Equatable {
    static let cookieName = "wr_tabs"
    static let maximumPathLength = 1024

    /// A tab's remembered path, by the tab's URL name.
    struct Entry: Sendable, Equatable {
        let tab: String
        var path: String
    }

    /// Sorted by tab name, at most one per tab. An app has a handful of tabs: a short array
    /// is searched faster than a dictionary hashes a name, and a page asks for every tab.
    private(set) var entries: [Entry]

    init() { entries = [] }

    /// Decodes the cookie and keeps each path only in its canonical form, and only when it
    /// names a state rooted at that tab of `table`.
    init(cookie: String?, table: RouteTable) {
        let pairs = (cookie ?? "").split(separator: "&").prefix(32)
        entries = []
        entries.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals])
            guard KebabCase.isValidName(name),
                  let path = PercentDecoding.decode(
                      utf8: pair[pair.index(after: equals)...].utf8, plusAsSpace: false, lenient: false,
                      repairsInvalidUTF8: false),
                  path.utf8.count <= Self.maximumPathLength,
                  let canonical = Self.canonical(path, ofTab: name, in: table) else { continue }
            set(canonical, for: name)
        }
    }

    /// The remembered path of a tab (already checked to be a state rooted at that tab).
    func path(for tab: String) -> String? {
        index(of: tab).map { entries[$0].path }
    }

    private func index(of tab: String) -> Int? {
        entries.firstIndex { $0.tab == tab }
    }

    /// `path` as `table` prints it, if it names a state rooted at the tab called `tab`.
    private static func canonical(_ path: String, ofTab tab: String, in table: RouteTable) -> String? {
        guard let state = table.parse(path: path),
              table.nodes[state.steps[0].node].name == tab, table.nodes[state.steps[0].node].kind.isTab
        else { return nil }
        return table.print(state)
    }

    /// Remembers `path` as the tab's stack; `true` when that changed what the cookie holds.
    @discardableResult
    mutating func remember(_ path: String, for tab: String) -> Bool {
        guard path.utf8.count <= Self.maximumPathLength else {
            // Too long to keep: the tab forgets its stack instead.
            guard let index = index(of: tab) else { return false }
            entries.remove(at: index)
            return true
        }
        guard self.path(for: tab) != path else { return false }
        set(path, for: tab)
        return true
    }

    /// Sets (or replaces) a tab's path, keeping the entries sorted by tab name.
    private mutating func set(_ path: String, for tab: String) {
        if let index = entries.firstIndex(where: { $0.tab >= tab }) {
            if entries[index].tab == tab {
                entries[index].path = path
            } else {
                entries.insert(Entry(tab: tab, path: path), at: index)
            }
        } else {
            entries.append(Entry(tab: tab, path: path))
        }
    }

    /// The cookie value: pairs sorted by tab name, paths percent-encoded (only unreserved
    /// characters and `/` stay, all of them allowed in a cookie).
    var cookieValue: String {
        entries.map { $0.tab + "=" + PathSegmentEncoding.encodeQueryValue($0.path) }.joined(separator: "&")
    }
}

extension RouteNode.Kind {
    var isTab: Bool { if case .tab = self { true } else { false } }
}
