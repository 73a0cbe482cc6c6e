import Foundation
import Hummingbird
import Mustache
import NIOCore
import NIOPosix

// The fair Hummingbird peer of `make bench` (issue 24): Hummingbird 2 with swift-mustache,
// written as a Hummingbird user would write webapp's deep link /feed/tournament/5/match/12 —
// a route with two parameters, the match looked up in in-memory sample data, a context built
// for each request, and Templates/page.mustache (loaded once at start) rendering the same bytes
// webapp answers. It does what the page needs and no more: no session cookie is checked (the
// signed-in user is `demo`), no tab-memory cookie read, only the overview section.
//
//     HummingbirdMustacheServer PORT TEMPLATE_DIRECTORY [THREADS]

struct Team: Sendable {
    let id: Int
    let name: String
}

struct Tournament: Sendable {
    let id: Int
    let name: String
}

struct Match: Sendable {
    let id: Int
    let tournamentID: Int
    let homeTeamID: Int
    let awayTeamID: Int
    let score: (home: Int, away: Int)?
    let kickoff: DateComponents
    let venue: String
    let goals: Int
}

/// The sample data: the teams, the tournament and the matches of the deep link's page.
struct SampleData: Sendable {
    let teams: [Int: Team]
    let tournaments: [Int: Tournament]
    let matches: [Int: Match]

    static let demo = SampleData(
        teams: [
            9: Team(id: 9, name: "Real Villaseca"), 10: Team(id: 10, name: "Atlético Valdemora"),
            12: Team(id: 12, name: "CD Sierra Alta"), 16: Team(id: 16, name: "Sporting Montearroyo"),
        ],
        tournaments: [5: Tournament(id: 5, name: "Liga Ibérica 2026/27")],
        matches: [
            12: Match(id: 12, tournamentID: 5, homeTeamID: 10, awayTeamID: 12, score: (1, 3),
                      kickoff: DateComponents(year: 2026, month: 8, day: 8, hour: 16, minute: 0),
                      venue: "Campo del Olivar", goals: 4),
            13: Match(id: 13, tournamentID: 5, homeTeamID: 9, awayTeamID: 16, score: (1, 0),
                      kickoff: DateComponents(year: 2026, month: 8, day: 8, hour: 18, minute: 30),
                      venue: "Estadio de la Ribera", goals: 1),
        ])
}

// The template's context, built for each request.
struct Link {
    let href: String
    let label: String
}

struct Tab {
    let href: String
    let icon: String
    let label: String
    let current: Bool
}

struct Section {
    let href: String
    let label: String
    let current: Bool
}

struct TeamLink {
    let name: String
    let href: String
}

struct MatchPage {
    let title: String
    let user: String
    let tabs: [Tab]
    let breadcrumb: [Link]
    let tournament: String
    let home: TeamLink
    let away: TeamLink
    let score: String?
    let url: String
    let sections: [Section]
    let kickoffISO: String
    let kickoffDay: String
    let kickoffTime: String
    let venue: String
    let goals: String
}

func twoDigits(_ value: Int?) -> String {
    let value = value ?? 0
    return value < 10 ? "0\(value)" : "\(value)"
}

let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
let calendar = Calendar(identifier: .gregorian)

func matchPage(_ match: Match, in tournament: Tournament, data: SampleData, user: String) -> MatchPage {
    let home = data.teams[match.homeTeamID]!
    let away = data.teams[match.awayTeamID]!
    let score = match.score.map { "\($0.home)–\($0.away)" }
    let title = "\(home.name) \(score ?? "v") \(away.name)"
    let url = "/feed/tournament/\(tournament.id)/match/\(match.id)"
    let k = match.kickoff
    let date = calendar.date(from: k)!
    let weekday = weekdays[calendar.component(.weekday, from: date) - 1]
    let time = "\(twoDigits(k.hour)):\(twoDigits(k.minute))"
    return MatchPage(
        title: title, user: user,
        tabs: [
            Tab(href: "/feed", icon: "📰", label: "Feed", current: true),
            Tab(href: "/search", icon: "🔍", label: "Search", current: false),
            Tab(href: "/dashboard", icon: "👤", label: "Dashboard", current: false),
            Tab(href: "/messages", icon: "✉️", label: "Messages", current: false),
        ],
        breadcrumb: [Link(href: "/feed", label: "Feed"),
                     Link(href: "/feed/tournament/\(tournament.id)", label: tournament.name)],
        tournament: tournament.name,
        home: TeamLink(name: home.name, href: "/search/~team/\(home.id)"),
        away: TeamLink(name: away.name, href: "/search/~team/\(away.id)"),
        score: score, url: url,
        sections: [
            Section(href: url, label: "Overview", current: true),
            Section(href: "\(url)?section=goals", label: "Goals", current: false),
            Section(href: "\(url)?section=lineups", label: "Line-ups", current: false),
        ],
        kickoffISO: "\(k.year!)-\(twoDigits(k.month))-\(twoDigits(k.day)) \(time)",
        kickoffDay: "\(weekday) \(k.day!) \(months[k.month! - 1]) \(k.year!)",
        kickoffTime: time, venue: match.venue,
        goals: match.score == nil ? "Not played yet" : String(match.goals))
}

let arguments = CommandLine.arguments
guard (3...4).contains(arguments.count), let port = Int(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: HummingbirdMustacheServer PORT TEMPLATE_DIRECTORY [THREADS]\n".utf8))
    exit(2)
}
let threads = arguments.count == 4 ? Int(arguments[3]) ?? System.coreCount : System.coreCount
let library = try await MustacheLibrary(directory: arguments[2])
guard library.getTemplate(named: "page") != nil else {
    FileHandle.standardError.write(Data("no page.mustache in \(arguments[2])\n".utf8))
    exit(1)
}
let data = SampleData.demo
// The headers webapp sends with its pages.
let pageHeaders: HTTPFields = [
    .contentType: "text/html; charset=utf-8",
    .init("Content-Security-Policy")!: "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; frame-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'",
    .init("X-Content-Type-Options")!: "nosniff",
    .init("Referrer-Policy")!: "same-origin",
    .init("X-Frame-Options")!: "SAMEORIGIN",
    .cacheControl: "no-store",
    .init("Vary")!: "Accept-Encoding",
]

let router = Router()
router.get("/feed/tournament/:tournament/match/:match") { _, context -> Response in
    let tournamentID = try context.parameters.require("tournament", as: Int.self)
    let matchID = try context.parameters.require("match", as: Int.self)
    guard let match = data.matches[matchID], match.tournamentID == tournamentID,
        let tournament = data.tournaments[tournamentID]
    else { throw HTTPError(.notFound) }
    let page = matchPage(match, in: tournament, data: data, user: "demo")
    guard let html = library.render(page, withTemplate: "page") else { throw HTTPError(.internalServerError) }
    return Response(status: .ok, headers: pageHeaders, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
}
let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
    eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup(numberOfThreads: threads)))
try await app.runService()
