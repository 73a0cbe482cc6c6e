import WebRouter

/// Search kinds travel in the Search screen's query (`?kind=players&kind=teams`), printed in
/// declaration order so every filter has one canonical URL.
///
/// ```swift
/// router.url(setting: \.kinds, to: [.teams])   // "/search?kind=teams"
/// ```
extension SearchKind: URLContext, Comparable {
    static func < (lhs: SearchKind, rhs: SearchKind) -> Bool { lhs.order < rhs.order }

    private var order: Int {
        switch self {
        case .players: 0
        case .teams: 1
        case .leagues: 2
        case .matches: 3
        }
    }
}

/// The result order travels in the Search screen's query (`?sort=name`).
///
/// ```swift
/// SearchOptions.Sort(pathSegments: ["name"])   // .name
/// ```
extension SearchOptions.Sort: URLContext {}
