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

    private(set) var paths: [String: String]

    init(paths: [String: String] = [:]) { self.paths = paths }

    /// Decodes the cookie and keeps each path only in its canonical form, and only when it
    /// names a state rooted at that tab of `table`.
    init(cookie: String?, table: RouteTable) {
        let pairs = (cookie ?? "").split(separator: "&").prefix(32)
        var paths = [String: String](minimumCapacity: pairs.count)
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals])
            guard KebabCase.isValidName(name),
                  let path = PercentDecoding.decode(
                      utf8: pair[pair.index(after: equals)...].utf8, plusAsSpace: false, lenient: false,
                      repairsInvalidUTF8: false),
                  path.utf8.count <= Self.maximumPathLength,
                  let canonical = Self.canonical(path, ofTab: name, in: table) else { continue }
            paths[name] = canonical
        }
        self.paths = paths
    }

    /// The remembered path of a tab (already checked to be a state rooted at that tab).
    func path(for tab: String) -> String? {
        paths.isEmpty ? nil : paths[tab]
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
        let kept = path.utf8.count <= Self.maximumPathLength ? path : nil
        guard paths[tab] != kept else { return false }
        paths[tab] = kept
        return true
    }

    /// The cookie value: pairs sorted by tab name, paths percent-encoded (only unreserved
    /// characters and `/` stay, all of them allowed in a cookie).
    var cookieValue: String {
        paths.keys.sorted().map { $0 + "=" + PathSegmentEncoding.encodeQueryValue(paths[$0]!) }.joined(separator: "&")
    }
}

extension RouteNode.Kind {
    var isTab: Bool { if case .tab = self { true } else { false } }
}
