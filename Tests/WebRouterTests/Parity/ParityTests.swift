import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP
import WebRouterTesting

/// SwiftfulRouting and VDFlow features in their web form, one test each, over HTTP.
@Suite("SwiftfulRouting and VDFlow parity")
struct ParityTests {
    @Test func confirmationDialogIsAnAddressableAlertLayer() async throws {
        try await ParityApp.make().test(.live) { client in
            let settings = try await client.get("/lobby/~settings")
            let asking = try await client.follow("Sign out", on: settings)
            #expect(asking.status == .ok)
            #expect(asking.url == "/lobby/~settings?confirm=sign-out")
            let alert = try #require(asking.alerts.first)
            #expect(alert.title == "Sign out?" && alert.message == "You can sign in again any time.")
            #expect(alert.actions.map(\.label) == ["Sign out", "Cancel"])
            #expect(alert.dismiss == "/lobby/~settings")
            #expect(asking.has(.alertDialog("Sign out?")))
            // Cancel returns to the screen without the alert; the POST button signs out.
            let cancelled = try await client.dismiss(from: asking)
            #expect(cancelled.url == "/lobby/~settings" && !cancelled.has(.role(.alertdialog)))
            try await client.goBack()
            let out = try await client.within(.alertDialog("Sign out?")) { try await client.press("Sign out") }
            #expect(out.redirects.map(\.status) == [303] && out.url == "/lobby")
        }
    }

    @Test func alertWithATextFieldAndABasicAlert() async throws {
        try await ParityApp.make().test { client in
            let rename = try await client.get("/lobby/~settings?confirm=rename")
            #expect(rename.has(.textbox("Name").within(.alertDialog("Rename"))))
            try await client.fill("Name", with: "Ada")
            let saved = try await client.press("Save")
            #expect(saved.url.hasSuffix("name=Ada"))
            #expect(saved.has(.alertDialog("Saved")))
            #expect(saved.alerts.first?.title == "Saved")
            #expect(saved.alerts.first?.actions.map(\.label) == ["OK"])
        }
    }

    @Test func anUnknownAlertRedirectsToTheURLWithoutIt() async throws {
        try await ParityApp.make().test { client in
            client.followsRedirects = false
            let page = try await client.get("/lobby/~settings?confirm=nope")
            #expect(page.status == .permanentRedirect && page.location == "/lobby/~settings")
        }
    }

    @Test func universalTransitionOnEveryScreen() async throws {
        try await ParityApp.make().test { client in
            let game = try await client.get("/lobby/game/12")
            #expect(try game.link("Share").href == "/lobby/game/12/~share")
            let share = try await client.follow("Share", on: game)
            try share.expect(screen: "Share", modals: ["Share"])
            #expect(try share.element(.textbox("Link").within(.dialog())).value == "/lobby/game/12")
            #expect(share.modals.first?.style == "centered")
            #expect(try await client.get("/lobby/~settings/~share").status == .ok)
            #expect(try await client.get("/lobby/game/12/~share/~share").status == .notFound, "no share on share")
        }
    }

    @Test func severalModalsEachClosableOnItsOwn() async throws {
        try await ParityApp.make().test { client in
            let page = try await client.get("/lobby/~player/7/~share")
            try page.expect(screen: "Share", modals: ["Person", "Share"])
            #expect(page.modals.map(\.dismiss) == ["/lobby", "/lobby/~player/7"])
            let closedTop = try await client.dismiss(from: page)
            try closedTop.expect(screen: "Person", modals: ["Person"])
            let three = try await client.get("/lobby/~player/7/team/3/~card")
            try three.expect(modals: ["Squad", "Card"])
        }
    }

    @Test func flowStepsAreURLsWithNextPreviousAndFinish() async throws {
        try await ParityApp.make().test { client in
            var page = try await client.get("/lobby/~wizard/name")
            try page.expect(text: "Step 1 of 3")
            #expect(!page.has(.link("Back")))
            page = try await client.press("Next")
            try page.expect(url: "/lobby/~wizard/team", text: "Step 2 of 3")
            let back = try page.element(.link("Back"))
            #expect(back.href == "/lobby/~wizard/name" && back["rel"] == "prev")
            page = try await client.press("Next")
            try page.expect(url: "/lobby/~wizard/confirm", text: "Step 3 of 3")
            page = try await client.press("Finish")
            #expect(page.url == "/lobby", "finishing dismisses the flow")
            #expect(page.modals.isEmpty)
        }
    }

    @Test func theDismissFamilyAsURLs() async throws {
        let table = try RouteTable(ParityApp.window)
        let parsed = try table.parse(PathSegments.split("/lobby/~player/7/team/3/~card") ?? []).get()
        func router<S: ContentScreen>(_ type: S.Type, _ position: Int) throws -> Router<S> {
            _ = try #require(table.nodes[parsed.state.steps[position].node].content as? S, "the step shows a \(S.self)")
            return Router(table: table, path: parsed, position: position, request: RequestContext())
        }
        let squad = try router(Squad.self, 2)
        #expect(squad.back == "/lobby/~player/7")
        #expect(squad.popToRoot == "/lobby/~player/7")
        #expect(squad.dismiss == "/lobby")
        #expect(squad.dismissAll == "/lobby")
        #expect(squad.dismiss(upTo: Person.self) == "/lobby/~player/7")
        let card = try router(Card.self, 3)
        #expect(card.dismiss == "/lobby/~player/7/team/3")
        #expect(card.dismiss(upTo: Lobby.self) == "/lobby")
        #expect(card.dismissAll == "/lobby")
        #expect(card.dismiss(upTo: Game.self) == nil)
    }

    @Test func dismissFamilyFromActionsAnswers303() async throws {
        try await ParityApp.make().test { client in
            client.followsRedirects = false
            let person = try await client.get("/lobby/~player/7")
            let closed = try await client.press("Close all")
            #expect(closed.status == .seeOther && closed.location == "/lobby")
            let token = try person.form("close-all")["_csrf"]!
            let upTo = try await client.post("/lobby/~player/7", form: [("_action", "up-to-home"), ("_csrf", token)])
            #expect(upTo.status == .seeOther && upTo.location == "/lobby")
        }
    }

    @Test func dismissWithAResultChangesTheStateBeneath() async throws {
        try await ParityApp.make().test { client in
            let filter = try await client.get("/lobby/~filter?q=ada")
            #expect(filter.modals.first?.style == "sheet-medium")
            try await client.within(.dialog()) {
                try await client.check("Teams")
                try await client.fill("League", with: "2")
            }
            let applied = try await client.press("Apply")
            try applied.expect(url: "/lobby?kind=teams&league=2&q=ada", screen: "Lobby", modals: [])
            #expect(try applied.element(.text("Kinds:")).text == "Kinds: teams")
            #expect(try applied.element(.text("League:")).text == "League: 2")
        }
    }

    @Test func queryStateIsTypedCanonicalAndAPicker() async throws {
        try await ParityApp.make().test { client in
            let lineups = try await client.get("/lobby/game/12?section=lineups")
            #expect(try lineups.element(.text("Section:")).text == "Section: lineups")
            let options = lineups.elements(.role(.link).within(.navigation("Sections")))
            #expect(options.map(\.name) == ["Overview", "Lineups", "Stats"])
            #expect(options.map { $0.href ?? "" } == ["/lobby/game/12", "/lobby/game/12?section=lineups", "/lobby/game/12?section=stats"])
            // The current option is announced by aria-current (PageElement has no isCurrent).
            #expect(options.filter { $0["aria-current"] == "true" }.map(\.name) == ["Lineups"])
            // A default is left out; a value that does not decode redirects to the canonical URL.
            client.followsRedirects = false
            let bad = try await client.get("/lobby/game/12?section=nope")
            #expect(bad.status == .permanentRedirect && bad.location == "/lobby/game/12")
            let defaulted = try await client.get("/lobby/game/12?section=overview")
            #expect(defaulted.status == .ok)
            // Links deeper keep the query of the screens that stay; back drops the deeper ones.
            #expect(try lineups.link("Share").href == "/lobby/game/12/~share?section=lineups")
        }
    }

    @Test func aSetFieldWithOnlyInvalidValuesIsDroppedAndQueryOfReadsBeneath() async throws {
        try await ParityApp.make().test { client in
            client.followsRedirects = false
            let bad = try await client.get("/lobby?kind=bogus&q=x")
            #expect(bad.status == .permanentRedirect && bad.location == "/lobby?q=x")
            let mixed = try await client.get("/lobby?kind=bogus&kind=teams")
            #expect(mixed.location == "/lobby?kind=teams")
        }
        let table = try RouteTable(ParityApp.window)
        let parsed = try table.parse(PathSegments.split("/lobby/~filter") ?? [], query: QueryItems(parsing: "kind=teams&league=4")).get()
        _ = try #require(table.nodes[parsed.state.steps[1].node].content as? Filter, "the sheet is the filter")
        let router = Router<Filter>(table: table, path: parsed, position: 1, request: RequestContext())
        #expect(router.query(of: Lobby.self) == Lobby.Query(kinds: [.teams], league: 4))
        #expect(router.query(of: Game.self) == nil)
    }

    @Test("query state round-trips: parse(print(s)) == s and print(parse(u)) == u")
    func queryRoundTripLaws() throws {
        let table = try RouteTable(ParityApp.window)
        var rng = SplitMix64(seed: RoundTripLawTests.seed)
        let game = try #require(table.parse(path: "/lobby/game/1")).steps[1].node
        let lobby = try #require(table.parse(path: "/lobby")).steps[0].node
        for caseIndex in 0..<2_000 {
            var kinds = Set<Kind>()
            for kind in Kind.allCases where Bool.random(using: &rng) { kinds.insert(kind) }
            let league = Bool.random(using: &rng) ? Int.random(in: -5...5000, using: &rng) : nil
            var generator = TreeGenerator(rng: rng, maxDepth: 0)
            let text = Bool.random(using: &rng) ? generator.string() : nil
            let section = Section.allCases.randomElement(using: &rng)!
            var state = RouteState(steps: [.init(node: lobby, segments: []), .init(node: game, segments: [String(caseIndex)])])
            state.query = Router<Lobby>.pairs(of: Lobby.Query(kinds: kinds, league: league, text: text), step: 0)
                + Router<Game>.pairs(of: Game.Query(section: section), step: 1)
            let url = table.print(state)
            #expect(table.parse(path: url) == state, "case \(caseIndex): \(url)")
            #expect(table.parse(path: url).map(table.print) == url, "case \(caseIndex): \(url)")
            _ = rng.next()
        }
    }

    @Test func externalLinksOpenSafelyInANewTab() async throws {
        try await ParityApp.make().test { client in
            let page = try await client.get("/lobby")
            let rules = try page.element(.link("Rules"))
            #expect(rules.href == "https://www.example.org/rules")
            #expect(rules["target"] == "_blank" && rules["rel"] == "noopener noreferrer")
            // Raw on purpose: no `javascript:` URL may reach the markup at all.
            #expect(!page.text.contains("javascript:"))
            // The refused one shows its text but is no link.
            #expect(page.has(.text("Bad")) && !page.has(.link("Bad")))
        }
    }

    @Test func observersSeeScreenViewsAndMoves() async throws {
        let recorder = Recorder()
        try await ParityApp.make(observer: recorder).test { client in
            try await client.get("/lobby/~player/7")
            try await client.press("Close all")
            _ = try await client.get("/lobby/~settings?confirm=sign-out")
        }
        var views = recorder.views.withLock { $0 }
        #expect(views.popLast()?.alert == "Sign out?")
        #expect(views.map(\.url) == ["/lobby/~player/7", "/lobby"])
        #expect(views.first?.layers == ["Lobby", "Person"] && views.first?.screen == "Person")
        #expect(views.allSatisfy { $0.alert == nil })
        #expect(recorder.moves.withLock { $0 } == [RouteMove(from: "/lobby/~player/7", to: "/lobby", action: "close-all", screen: "Person")])
    }

    @Test func anObserverOfMovesOnlyIsNotToldOfScreenViews() async throws {
        let recorder = Recorder(observesScreenViews: false)
        try await ParityApp.make(observer: recorder).test { client in
            try await client.get("/lobby/~player/7")
            try await client.press("Close all")
        }
        #expect(recorder.views.withLock { $0 }.isEmpty)
        #expect(recorder.moves.withLock { $0 }.map(\.to) == ["/lobby"])
    }
}
