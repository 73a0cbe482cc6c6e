/// Names for the sample data's models that stay unambiguous inside `ScoresApp`, whose screens
/// are called `Match`, `Team`, `Player`… like the seed's.
///
/// ```swift
/// extension ScoresApp.Team {
///     func row(_ player: PlayerRecord) -> some HTML { li { player.name } }
/// }
/// ```
typealias MatchRecord = Match
typealias TeamRecord = Team
typealias PlayerRecord = Player
typealias LeagueRecord = League
typealias TournamentRecord = Tournament
typealias GameDayRecord = GameDay
