import WebRouter

/// The app's name with its mark, for the header, Launch and Welcome.
///
/// ```swift
/// Brand(size: .large)
/// ```
struct Brand: HTML {
    enum Size { case small, large }
    static let name = "Scores"
    static let mark = "⚽"
    var size: Size = .small

    func render(into output: inout HTMLOutput) {
        switch size {
        case .small:
            strong(.class("brand")) { Self.mark + " " + Self.name }.render(into: &output)
        case .large:
            div(.class("brand brand-large")) {
                p(.class("score"), .aria("hidden", "true")) { Self.mark }
                h1 { Self.name }
                p(.class("muted")) { "Results, tables and fixtures from six leagues, in your pocket." }
            }.render(into: &output)
        }
    }
}
