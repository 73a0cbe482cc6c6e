import WebRouter
import WebRouterHTML

/// Finds what a ``Locator`` names in a parsed page: the matches, or why there is not exactly one.
enum LocatorResolution {
    /// Exactly one element.
    case found(HTMLNode)
    /// None; `candidates` describes what the page has instead.
    case missing(String)
    /// Several; each described.
    case ambiguous([String])

    /// Resolves `locator` strictly below `root`.
    static func resolve(_ locator: Locator, in root: HTMLNode) -> LocatorResolution {
        var scope = root
        for (index, criterion) in locator.scopes.enumerated() {
            switch resolve(criterion, in: scope) {
            case .found(let node):
                scope = node
            case .missing(let candidates):
                let inner = Locator(locator.criterion, scopes: Array(locator.scopes[(index + 1)...]))
                return .missing("no \(Locator.describe(criterion)) to look for \(inner) in\n\(candidates)")
            case .ambiguous(let matches):
                return .ambiguous(matches.map { "\($0) (a scope for \(Locator.describe(locator.criterion)))" })
            }
        }
        return resolve(locator.criterion, in: scope)
    }

    /// Every element `locator` matches (all scopes' matches when a scope is ambiguous).
    static func all(_ locator: Locator, in root: HTMLNode) -> [HTMLNode] {
        var scopes = [root]
        for criterion in locator.scopes {
            scopes = scopes.flatMap { matches(criterion, in: $0) }
        }
        var seen = Set<HTMLNode>()
        return scopes.flatMap { matches(locator.criterion, in: $0) }.filter { seen.insert($0).inserted }
    }

    static func resolve(_ criterion: Locator.Criterion, in scope: HTMLNode) -> LocatorResolution {
        let found = matches(criterion, in: scope)
        if found.count == 1 { return .found(found[0]) }
        if found.count > 1 { return .ambiguous(found.map(PageElement.describe)) }
        return .missing(candidates(for: criterion, in: scope))
    }

    /// The matches of one criterion: exact names first; else the names containing the string.
    static func matches(_ criterion: Locator.Criterion, in scope: HTMLNode) -> [HTMLNode] {
        switch criterion {
        case .role(let role, let name, let level):
            let pool = scope.descendants.filter {
                $0.role == role.name && !$0.isHidden && (level == nil || $0.headingLevel == level)
            }
            guard let name else { return pool }
            return byName(pool, name) { $0.accessibleName }
        case .label(let label):
            let pool = scope.descendants.filter { $0.isFormControl && !$0.isHidden }
            return byName(pool, label) { $0.accessibleName }
        case .testID(let id):
            return scope.descendants.filter { $0["data-testid"] == id && !$0.isHidden }
        case .text(let text):
            let wanted = text.collapsingWhitespace
            let pool = scope.descendants.filter { !$0.isHidden && !["html", "body"].contains($0.tag) }
            let exact = innermost(pool.filter { $0.visibleText(excluding: nil) == wanted })
            if !exact.isEmpty { return exact }
            let lowered = wanted.lowercased()
            return innermost(pool.filter { $0.visibleText(excluding: nil).lowercased().contains(lowered) })
        }
    }

    private static func byName(_ pool: [HTMLNode], _ name: String, _ nameOf: (HTMLNode) -> String) -> [HTMLNode] {
        let wanted = name.collapsingWhitespace
        let named = pool.map { ($0, nameOf($0)) }
        let exact = named.filter { $0.1 == wanted }.map(\.0)
        if !exact.isEmpty { return exact }
        let lowered = wanted.lowercased()
        return named.filter { $0.1.lowercased().contains(lowered) }.map(\.0)
    }

    /// The matches that hold no other match.
    private static func innermost(_ nodes: [HTMLNode]) -> [HTMLNode] {
        nodes.filter { node in !nodes.contains { $0 != node && $0.isInside(node) } }
    }

    /// What the scope offers instead, for a failure message.
    static func candidates(for criterion: Locator.Criterion, in scope: HTMLNode) -> String {
        let pool: [HTMLNode]
        let noun: String
        switch criterion {
        case .role(let role, _, let level):
            pool = scope.descendants.filter { $0.role == role.name && !$0.isHidden && (level == nil || $0.headingLevel == level) }
            noun = "\(role) elements"
        case .label:
            pool = scope.descendants.filter { $0.isFormControl && !$0.isHidden }
            noun = "fields"
        case .testID:
            pool = scope.descendants.filter { $0["data-testid"] != nil && !$0.isHidden }
            noun = "test ids"
        case .text:
            return "text here: \(TestFailure.trimmed(scope.visibleText(excluding: nil), to: 300))"
        }
        if pool.isEmpty { return "there are no \(noun) here" }
        let listed = pool.prefix(25).map { node -> String in
            if case .testID = criterion { return "\"\(node["data-testid"] ?? "")\" (\(PageElement.describe(node)))" }
            return PageElement.describe(node)
        }
        return "\(noun) here: " + listed.joined(separator: ", ") + (pool.count > 25 ? ", … (\(pool.count) in all)" : "")
    }
}
