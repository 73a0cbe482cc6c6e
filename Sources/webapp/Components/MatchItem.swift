import WebRouter

/// One match in a list: both teams, the score (or the kickoff time) and the date; a link when
/// `href` is given.
///
/// ```swift
/// ul(.class("list")) {
///     for match in matches { MatchItem(match: match, words: data.words, href: router.link(\.match, match.id)) }
/// }
/// ```
struct MatchItem: HTML {
    let match: Match
    let words: SportsWording
    let href: String?

    func render(into output: inout HTMLOutput) {
        if let href {
            li(.class("list-item")) { a(.href(href)) { content } }.render(into: &output)
        } else {
            li(.class("list-item")) { content }.render(into: &output)
        }
    }

    @HTMLBuilder private var content: some HTML {
        span(.class("match-teams")) {
            words.teamName(match.homeTeamID)
            if let score = match.status.score {
                " "
                strong { "\(score.home)–\(score.away)" }
                " "
            } else {
                span(.class("muted")) { " v " }
            }
            words.teamName(match.awayTeamID)
        }
        small(.class("muted")) {
            match.kickoff.day.formatted
            if !match.status.isFinished { " · " + match.kickoff.time }
        }
    }
}
