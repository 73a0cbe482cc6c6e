import WebRouterHTML
extension RouteTable {
    /// The node of the app's sign-in presented over `node` (its `~sign-in` child), `nil` when
    /// the window names no sign-in or the screen declares its own transition of that name.
    func signInChild(of node: Int) -> Int? {
        guard let signInEdge else { return nil }
        return nodes[node].childByIdentity[signInEdge]
    }

    /// The first step of `state` that `viewer` may not see, and why; `nil` when every step is
    /// open to them.
    func firstBlockedStep(_ state: RouteState, for viewer: Viewer) -> (index: Int, verdict: AccessRule.Verdict)? {
        for (index, step) in state.steps.enumerated() {
            let verdict = nodes[step.node].access.verdict(for: viewer)
            if verdict != .admitted { return (index, verdict) }
        }
        return nil
    }

    /// The first root of the window case `caseIndex` that `viewer` may open (its first tab
    /// they may see), `nil` when none.
    func firstOpenRoot(ofCase caseIndex: Int, for viewer: Viewer) -> Int? {
        guard caseRoots.indices.contains(caseIndex) else { return nil }
        return caseRoots[caseIndex].first { nodes[$0].access.verdict(for: viewer) == .admitted }
    }

    /// `state` without its `next` query values.
    func withoutNext(_ state: RouteState) -> RouteState {
        var copy = state
        copy.query.removeAll { $0.name == Self.nextName }
        return copy
    }

    /// The state that shows the sign-in in place of `state`, which `viewer` may not see from
    /// step `blocked` on: the sign-in over the nearest step before it that presents one, else
    /// over the first open root of the same window case, with `wanted` as its `next`. `nil`
    /// when there is no such screen: then the sign-in is shown over the blocked root itself,
    /// whose own screen is not rendered (``SignInPresentation/hidesBase``).
    func signInState(for state: RouteState, blockedAt blocked: Int, wanted: String, viewer: Viewer) -> SignInPresentation? {
        var base = blocked
        while base > 0 && signInChild(of: state.steps[base - 1].node) == nil { base -= 1 }
        var prefix: RouteState
        var hidesBase = false
        if base > 0 {
            prefix = withoutNext(state.prefix(base))
        } else if let root = firstOpenRoot(ofCase: caseIndex(of: state), for: viewer), signInChild(of: root) != nil {
            prefix = rootState(root)
        } else if signInChild(of: state.steps[0].node) != nil {
            prefix = rootState(state.steps[0].node)
            hidesBase = true
        } else {
            return nil
        }
        guard let child = signInChild(of: prefix.steps[prefix.depth - 1].node) else { return nil }
        let step = prefix.depth
        var signIn = prefix.appending(node: child, segments: [])
        signIn.query.append(RouteState.QueryPair(step: step, name: Self.nextName, value: wanted))
        return SignInPresentation(state: signIn, baseDepth: prefix.depth, hidesBase: hidesBase)
    }
}

/// The sign-in shown at a URL its visitor may not see yet.
struct SignInPresentation: Sendable {
    /// The sign-in over the nearest public screen, its `next` the wanted URL.
    let state: RouteState
    /// How many steps of ``state`` come before the sign-in.
    let baseDepth: Int
    /// The screen under the sign-in is the blocked root itself (no public screen to show):
    /// the page names it but does not render it.
    let hidesBase: Bool
}
