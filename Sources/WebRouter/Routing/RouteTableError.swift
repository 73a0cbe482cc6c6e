import WebRouterHTML
/// Why a screen tree cannot be served: found at start-up, before the first request.
///
/// Every problem is listed, each naming the screens and properties involved:
/// ```
/// The screen tree has 2 problems:
/// - Feed declares two transitions named "match": `match` (Push to Match) and `game` (Push to GameDay)
/// - Login pushes Team (`team`) but is not inside a Navigation; wrap it: Navigation(Login(...))
/// ```
public struct RouteTableError: Error, CustomStringConvertible, Equatable {
    /// One message per problem.
    public let problems: [String]

    public var description: String {
        let header = problems.count == 1
            ? "The screen tree has 1 problem:" : "The screen tree has \(problems.count) problems:"
        return ([header] + problems.map { "- " + $0 }).joined(separator: "\n")
    }
}
