/// Contexts a screen declares next to itself for checks and contact sheets: the state check
/// (`Application.checkEveryState` in WebRouterTesting, `<app> check`) visits each as a state
/// of its own, besides the contexts met on links, so a context no link prints today (the empty
/// list, the longest name) is checked on every run.
///
/// ```swift
/// struct NoteDetail: ContentScreen, ScreenExamples {
///     typealias Context = Int
///     static let examples = [1, 2, 40]
///     func body(_ id: Int, router: Router<NoteDetail>) -> some HTML { h1 { "Note \(id)" } }
/// }
/// ```
public protocol ScreenExamples: ContentScreen where Context: URLContext {
    /// The contexts to check, in the order the report lists them.
    static var examples: [Context] { get }
}

extension ScreenExamples {
    /// Each example's path segments (not yet percent-encoded).
    static var exampleSegmentLists: [[String]] {
        examples.map { example in
            var segments: [String] = []
            example.appendPathSegments(to: &segments)
            return segments
        }
    }
}

/// The declared examples of a screen of any type, as path segment lists (`[]` when it declares none).
func declaredExampleSegments(of screen: any ContentScreen) -> [[String]] {
    guard let declaring = screen as? any ScreenExamples else { return [] }
    return type(of: declaring).exampleSegmentLists
}
