import Foundation
public import WebRouter

/// What an app's own tests cover: every page a ``TestClient`` lands on is recorded by its
/// route pattern, per app (by its `appName`). When the test process ends, the kit writes for
/// each app, in `.build/state-check/`: `<app>.coverage.txt` (the patterns, one a line, which
/// `<app> routes --format dot --coverage FILE` and `<app> check --coverage FILE` read),
/// `<app>.untested.txt` (the transitions no test made) and `<app>.storyboard.dot` (the
/// storyboard with each transition marked).
///
/// ```swift
/// try await app.test { client in try await client.get("/notes") }
/// TestCoverage.exercised(by: app)     // ["/notes"]
/// ```
public enum TestCoverage {
    private final class Store: @unchecked Sendable {
        let lock = NSLock()
        var patterns: [String: Set<String>] = [:]
        var tables: [String: RouteTable] = [:]
        var registered = false
    }
    private static let store = Store()

    /// The folder the coverage files go to at exit (relative to the working directory, the
    /// package's root under `swift test`).
    public static let folder = ".build/state-check"

    /// Records a page a test landed on.
    static func record(_ app: Application, url: String) {
        guard let pattern = app.table.routePattern(forURL: url) else { return }
        let name = app.configuration.appName
        store.lock.lock()
        defer { store.lock.unlock() }
        store.patterns[name, default: []].insert(pattern)
        if store.tables[name] == nil { store.tables[name] = app.table }
        if !store.registered {
            store.registered = true
            atexit { TestCoverage.writeFiles() }
        }
    }

    /// The route patterns this process's tests landed on in apps named like `app`, so far.
    public static func exercised(by app: Application) -> Set<String> {
        store.lock.lock()
        defer { store.lock.unlock() }
        return store.patterns[app.configuration.appName] ?? []
    }

    /// The transitions of `app`'s tree no test of this process has made so far.
    public static func untestedTransitions(of app: Application) -> [String] {
        app.table.untestedTransitions(exercised: exercised(by: app))
    }

    /// Writes each app's coverage files (see the type's description).
    public static func writeFiles() {
        store.lock.lock()
        let patterns = store.patterns, tables = store.tables
        store.lock.unlock()
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, exercised) in patterns {
            guard let table = tables[name] else { continue }
            let file = name.filter { $0.isLetter || $0.isNumber || $0 == "-" }
            let base = folder + "/" + (file.isEmpty ? "app" : file)
            try? Data((exercised.sorted().joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: base + ".coverage.txt"))
            let untested = table.untestedTransitions(exercised: exercised)
            try? Data((untested.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: base + ".untested.txt"))
            try? Data(table.dotDiagram(exercised: exercised).utf8).write(to: URL(fileURLWithPath: base + ".storyboard.dot"))
        }
    }
}
