import WebRouter

// README "Pages that change in place; instant moves": a link the browser must never fetch
// ahead of a click, and a screen that counts only real visits.

actor ViewTally {
    private(set) var views = 0
    func count() { views += 1 }
}

struct AccountSessions: ContentScreen {
    let tally: ViewTally
    let title = "Sessions"
    func body(_ context: Void, router: Router<AccountSessions>) async throws -> some HTML {
        if router.request.speculative == nil { await tally.count() }
        return AnyHTML {
            a(.href("/account/sessions/revoke-link"), .neverPrefetch) { "Revoke" }   // or on a <nav>/<ul>: every link inside
        }
    }
}
