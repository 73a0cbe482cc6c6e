import Logging
import Synchronization
import Testing
import WebRouter
import WebRouterTesting
@testable import webapp

/// The SwiftfulRouting / VDFlow features in their place in the demo, one test each, over HTTP.
@Suite("Scores app: dialogs, share, query state, styles, dismiss family, observers")
struct ScoresRoutingFeatureTests {
    @Test func signOutAsksFirstAndCancelKeepsTheSession() async throws {
        try await ScoresFixture().test { client in
            let settings = try await client.get("/messages/~settings")
            #expect(settings.forms.allSatisfy { $0.actionName != "sign-out" }, "signing out needs the confirmation")
            let asking = try await client.follow("Sign out", on: settings)
            #expect(asking.url == "/messages/~settings?confirm=sign-out")
            try asking.expect(screen: "Settings", modals: ["Settings"])
            let dialog = try #require(asking.alerts.first)
            #expect(dialog.title == "Sign out?")
            #expect(dialog.actions.map(\.label) == ["Sign out", "Cancel"])
            #expect(dialog.dismiss == "/messages/~settings")
            let signOut = try asking.element(.button("Sign out").within(.alertDialog("Sign out?")))
            // Destructive is a look (red), with no ARIA state a locator could name: the class it is.
            #expect(signOut["class"]?.split(separator: " ").contains("button-destructive") == true)

            let cancelled = try await client.dismiss(from: asking)
            #expect(cancelled.url == "/messages/~settings" && cancelled.alerts.isEmpty)
            try cancelled.expect(screen: "Settings")

            try await client.goBack()
            let welcome = try await client.within(.alertDialog("Sign out?")) { try await client.press("Sign out") }
            #expect(welcome.redirects.map(\.status) == [303])
            try welcome.expect(screen: "Welcome")
            try await client.get("/dashboard").expect(screen: "Welcome")
        }
    }

    @Test func everyPageHasAShareCardWithItsAbsoluteDeepLink() async throws {
        let fixture = try await ScoresFixture()
        let squadMember = try #require(fixture.data.sample.players(of: 3).first).id
        try await fixture.test { client in
            let match = try await client.get("/feed/match/12")
            #expect(try match.link("Share").href == "/feed/match/12/~share")
            let share = try await client.follow("Share", on: match)
            try share.expect(screen: "Share", modals: ["Share"])
            #expect(share.baseScreen == "Match")
            let box = try share.element(.textbox("Link to this page").within(.dialog("Share")))
            #expect(box.value == "http://127.0.0.1/feed/match/12")
            #expect(box["readonly"] != nil)   // PageElement has no isReadOnly
            #expect(try await client.dismiss(from: share).url == "/feed/match/12")

            for url in ["/search/~team/3", "/search/~team/3/player/\(squadMember)", "/dashboard/league/2",
                        "/feed/tournament/5", "/feed/page/3", "/feed/game-day/21"] {
                let page = try await client.get(url)
                #expect(try page.link("Share").href == url + "/~share")
                try await client.follow("Share", on: page).expect(screen: "Share")
            }
        }
    }

    @Test func aShareCardOverASheetMakesTwoDialogsEachClosableOnItsOwn() async throws {
        try await ScoresFixture().test { client in
            let page = try await client.get("/search/~user/7/~share")
            try page.expect(screen: "Share", modals: ["Player", "Share"])
            #expect(page.modals.map(\.dismiss) == ["/search", "/search/~user/7"])
            #expect(try page.element(.textbox("Link to this page").within(.dialog("Share"))).value
                == "http://127.0.0.1/search/~user/7")
            let player = try await client.dismiss(from: page)
            try player.expect(screen: "Player", modals: ["Player"])
            let search = try await client.dismiss(from: player)
            try search.expect(screen: "Search", modals: [])
        }
    }

    @Test func theSearchIsTypedQueryStateKeptByItsSheets() async throws {
        try await ScoresFixture().test { client in
            let results = try await client.get("/search?q=kings")
            #expect(results.links.contains { $0.href == "/search/~team/3?q=kings" })
            let sheet = try await client.get("/search/~team/3?q=kings")
            #expect(sheet.modals.first?.dismiss == "/search?q=kings")
            let back = try await client.dismiss(from: sheet)
            try back.expect(screen: "Search", modals: [])
            #expect(back.url == "/search?q=kings")
            #expect(back.links.contains { $0.href == "/search/~team/3?q=kings" })

            // Canonical: fields in their declared order, defaults left out.
            let filtered = try await client.get("/search?sort=name&kind=teams&q=kings&league=1")
            #expect(try filtered.link("Filters (on)").href == "/search/~filter?q=kings&kind=teams&league=1&sort=name")
            let everything = try await client.get("/search?q=kings&kind=players&kind=teams&kind=leagues&kind=matches&sort=relevance")
            #expect(try everything.link("Filters").href == "/search/~filter?q=kings")

            // A value that does not decode goes, with a permanent redirect.
            client.followsRedirects = false
            let bad = try await client.get("/search?q=kings&kind=teams&kind=bogus&sort=sideways")
            #expect(bad.status == .permanentRedirect && bad.location == "/search?q=kings&kind=teams", "\(bad.location ?? "")")
        }
    }

    @Test func applyingTheFilterClosesItsSheetAndPutsTheFilterInTheSearch() async throws {
        try await ScoresFixture().test { client in
            let filter = try await client.get("/search/~filter?q=united")
            try filter.expect(screen: "SearchFilter", modals: ["SearchFilter"])
            #expect(try filter.element(.checkbox("Players")).isChecked)
            for kind in ["Players", "Leagues", "Matches"] { try await client.uncheck(kind) }
            try await client.select("By name", from: "Order")
            let applied = try await client.press("Show results")
            #expect(applied.redirects.map(\.status) == [303])
            try applied.expect(url: "/search?q=united&kind=teams&sort=name", screen: "Search", modals: [])
            #expect(applied.has(.heading("Teams", level: 2)) && !applied.has(.heading("Players", level: 2)))

            // The sheet opens on the filter in place; Reset keeps only the text.
            let again = try await client.follow("Filters (on)", on: applied)
            #expect(again.elements(.role(.checkbox).within(.dialog())).filter(\.isChecked).map(\.name) == ["Teams"])
            let reset = try await client.follow("Reset", on: again)
            #expect(reset.url == "/search?q=united")
        }
    }

    @Test func theMatchPageHasSectionsInItsQuery() async throws {
        let fixture = try await ScoresFixture()
        let match = try #require(fixture.data.sample.match(12))
        try #require(match.status.isFinished, "match 12 is played in the sample data")
        try await fixture.test { client in
            let lineups = try await client.get("/feed/match/12?section=lineups")
            let options = lineups.elements(.role(.link).within(.navigation("Sections")))
            #expect(options.map { $0.href ?? "" }
                == ["/feed/match/12", "/feed/match/12?section=goals", "/feed/match/12?section=lineups"])
            // The current option is announced by aria-current (PageElement has no isCurrent).
            #expect(options.filter { $0["aria-current"] == "true" }.map(\.name) == ["Line-ups"])
            let firstHomePlayer = fixture.data.words.playerName(try #require(match.lineups.home.first))
            #expect(lineups.has(.heading("Line-ups", level: 2)))
            try lineups.expect(text: firstHomePlayer)
            #expect(try lineups.link("Share").href == "/feed/match/12/~share?section=lineups")

            let overview = try await client.follow("Overview", on: lineups)
            #expect(overview.url == "/feed/match/12")
            #expect(!overview.has(.heading("Line-ups", level: 2)))
            #expect(!overview.visibleText.contains(firstHomePlayer))
            try overview.expect(text: match.venue)

            client.followsRedirects = false
            let bad = try await client.get("/feed/match/12?section=nope")
            #expect(bad.status == .permanentRedirect && bad.location == "/feed/match/12")
        }
    }

    @Test(arguments: [
        ("/search/~filter", "sheet-medium"),
        ("/dashboard/~edit/name", "full-screen-cover"),
        ("/feed/match/12/~share", "centered"),
        ("/search/~team/3", "sheet"),
    ])
    func presentStylesAreVisible(url: String, style: String) async throws {
        try await ScoresFixture().test { client in
            let page = try await client.get(url)
            let modal = try #require(page.modals.last)
            #expect(modal.style == style, "\(url)")
        }
    }

    @Test func externalLinksOpenInANewTab() async throws {
        try await ScoresFixture().test { client in
            for (url, label, href) in [("/search/~team/3", "Official website", "https://www.example.com/clubs/3"),
                                       ("/dashboard/league/2", "Competition rules", "https://www.example.org/competitions/2/rules")] {
                let page = try await client.get(url)
                let link = try page.element(.link(label))
                #expect(link.href == href && link.name.hasPrefix(label))
                #expect(link["target"] == "_blank" && link["rel"] == "noopener noreferrer")
            }
        }
    }

    @Test func closeAllLeavesEverySheetAtOnce() async throws {
        let fixture = try await ScoresFixture()
        let player = try #require(fixture.data.sample.players(of: 3).first).id
        try await fixture.test { client in
            let team = try await client.get("/dashboard/team/3")
            let playerSheet = try await client.follow(try #require(team.links.first { $0.href == "/dashboard/team/3/~player/\(player)" }),
                                                      from: team)
            try playerSheet.expect(screen: "Player", modals: ["Player"])
            let teamSheet = try await client.follow(try fixture.teamName(3), on: playerSheet)
            #expect(teamSheet.url == "/dashboard/team/3/~player/\(player)/~team/3")
            try teamSheet.expect(screen: "Team", modals: ["Player", "Team"])
            #expect(try teamSheet.link("Close all").href == "/dashboard/team/3")
            let closed = try await client.follow("Close all", on: teamSheet)
            try closed.expect(screen: "Team", modals: [])

            // One sheet: its own close button is enough.
            let single = try await client.get("/dashboard/user/7/~team/3")
            #expect(!single.links.contains { $0.name == "Close all" })
        }
    }

    @Test func observersLogScreenViewsAndMoves() async throws {
        let records = LogRecords()
        let logger = Logger(label: "scores.routes") { label in RecordingLogHandler(label: label, records: records) }
        try await ScoresFixture(observers: [RouteLog(logger: logger)]).test { client in
            try await client.get("/messages/~settings?confirm=sign-out")
            try await client.press("Sign out")
        }
        let logged = records.all
        #expect(Set(logged.map(\.label)) == ["scores.routes"])
        let views = logged.filter { $0.level == .debug }.map(\.message)
        // The view's URL is the screen state's; the open alert is not part of it.
        #expect(views == ["view Login /welcome/~login 200", "view Feed /feed 200",
                          "view Settings /messages/~settings 200", "view Welcome /welcome 200"])
        #expect(logged.filter { $0.level == .info }.map(\.message)
            == ["move sign-in on Login: /welcome/~login → /feed", "move sign-out on Settings: /messages/~settings → /welcome"])
    }

    @Test func theHeaderNamesTheSignedInUser() async throws {
        let fixture = try await ScoresFixture()
        try await fixture.test(signedIn: false) { client in
            let welcome = try await client.get("/welcome")
            #expect(!welcome.has(.link("👤").within(.role("banner"))))
            try await fixture.signIn(client)
            let feed = try await client.get("/feed")
            let user = try feed.element(.link("👤").within(.role("banner")))
            #expect(user.name == "👤 demo" && user.href == "/dashboard")
        }
    }
}

/// What a logger was told, for tests.
final class LogRecords: Sendable {
    struct Record: Sendable {
        let label: String
        let level: Logger.Level
        let message: String
    }
    private let records = Mutex<[Record]>([])
    var all: [Record] { records.withLock { $0 } }
    func append(_ record: Record) { records.withLock { $0.append(record) } }
}

/// A log handler that keeps every message, from `trace` up.
struct RecordingLogHandler: LogHandler {
    let label: String
    let records: LogRecords
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        records.append(.init(label: label, level: event.level, message: event.message.description))
    }
}
