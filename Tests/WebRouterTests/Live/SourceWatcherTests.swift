import Foundation
import Testing
@testable import WebRouter

#if canImport(Glibc)
import Glibc
#endif

/// `serve --dev`'s watcher, driven directly on a folder of its own: a burst of saves is one
/// change (one rebuild), new folders are watched, the fallback polling agrees.
@Suite("serve --dev's source watcher")
struct SourceWatcherTests {
    /// A package-shaped folder (`Sources/App/`, `Public/`) under the temporary directory.
    final class Package {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wr-watch-\(UUID().uuidString)").path

        init() throws {
            try FileManager.default.createDirectory(atPath: path + "/Sources/App", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: path + "/Public", withIntermediateDirectories: true)
            try write("Sources/App/Home.swift", "struct Home {}\n")
            try write("Public/site.css", "body {}\n")
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ relative: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + relative))
        }
    }

    /// An editor's save, a new file, a scratch file and a stylesheet, all before the watcher
    /// looks: one set naming each file once, and nothing after it.
    @Test(arguments: [false, true])
    func aBurstOfSavesIsOneChange(polling: Bool) throws {
        let package = try Package()
        let watcher = SourceWatcher(base: package.path, polling: polling)
        #if canImport(Glibc)
        #expect(watcher.usesInotify == !polling)
        #endif
        for round in 1...5 {
            try package.write("Sources/App/Home.swift", "struct Home { let round = \(round) }\n")
            try package.write("Sources/App/Feed.swift", String(repeating: "// \(round)\n", count: round))
        }
        // Saved the way many editors do: to a scratch file, renamed over the original.
        try package.write("Sources/App/.Model.swift.swp", "scratch")
        try package.write("Sources/App/Model.swift~", "struct Model {}\n")
        try FileManager.default.moveItem(atPath: package.path + "/Sources/App/Model.swift~",
                                         toPath: package.path + "/Sources/App/Model.swift")
        try package.write("Public/site.css", "body { margin: 0 }\n")

        let burst = watcher.next(timeout: .seconds(30))
        #expect(burst == .changed(["Sources/App/Home.swift", "Sources/App/Feed.swift",
                                   "Sources/App/Model.swift", "Public/site.css"]))
        #expect(watcher.next(timeout: .zero) == .timedOut)
    }

    /// Issue 45: a watched root (`Public/`) that did not exist when the watcher started is
    /// watched once it is made, and what is written into it is a change.
    @Test(arguments: [false, true])
    func aRootMadeAfterTheStartIsWatched(polling: Bool) throws {
        let package = try Package()
        try FileManager.default.removeItem(atPath: package.path + "/Public")
        let watcher = SourceWatcher(base: package.path, polling: polling)
        try FileManager.default.createDirectory(atPath: package.path + "/Public", withIntermediateDirectories: true)
        try package.write("Public/app.css", "body {}\n")
        #expect(watcher.next(timeout: .seconds(30)) == .changed(["Public/app.css"]))
        try package.write("Public/app.css", "body { margin: 0 }\n")
        #expect(watcher.next(timeout: .seconds(30)) == .changed(["Public/app.css"]))
        try package.write("notes.txt", "not a root: not watched\n")
        #expect(watcher.next(timeout: .zero) == .timedOut)
    }

    /// A folder made after the watcher started is watched: the file written into it at once,
    /// and one written later; a deleted file is a change too.
    @Test(arguments: [false, true])
    func newFoldersAreWatchedAndDeletionsSeen(polling: Bool) throws {
        let package = try Package()
        let watcher = SourceWatcher(base: package.path, polling: polling)
        try FileManager.default.createDirectory(atPath: package.path + "/Sources/App/Feature/Detail", withIntermediateDirectories: true)
        try package.write("Sources/App/Feature/Detail/Card.swift", "struct Card {}\n")
        #expect(watcher.next(timeout: .seconds(30)) == .changed(["Sources/App/Feature/Detail/Card.swift"]))

        try package.write("Sources/App/Feature/Detail/Row.swift", "struct Row {}\n")
        #expect(watcher.next(timeout: .seconds(30)) == .changed(["Sources/App/Feature/Detail/Row.swift"]))

        try FileManager.default.removeItem(atPath: package.path + "/Sources/App/Home.swift")
        #expect(watcher.next(timeout: .seconds(30)) == .changed(["Sources/App/Home.swift"]))
        #expect(watcher.next(timeout: .zero) == .timedOut)
    }

    /// `sed -i` (and editors that save the same way) writes a scratch file and renames it over
    /// the original: the original changed, the scratch file is no change of its own — so a
    /// stylesheet saved so is still only a stylesheet (swapped in place, no reload).
    @Test(arguments: [false, true])
    func aScratchFileRenamedOverTheOriginalIsNoChangeOfItsOwn(polling: Bool) throws {
        let package = try Package()
        let watcher = SourceWatcher(base: package.path, polling: polling)
        try package.write("Public/sedX1b2c3", "body { margin: 0 }\n")
        try FileManager.default.removeItem(atPath: package.path + "/Public/site.css")
        try FileManager.default.moveItem(atPath: package.path + "/Public/sedX1b2c3", toPath: package.path + "/Public/site.css")
        #expect(watcher.next(timeout: .seconds(30)) == .changed(["Public/site.css"]))
        // A file made and removed again, and nothing else, is no change at all.
        try package.write("Sources/App/sedY4d5e6", "scratch")
        try FileManager.default.removeItem(atPath: package.path + "/Sources/App/sedY4d5e6")
        #expect(watcher.next(timeout: .milliseconds(600)) == .timedOut)
    }

    /// A save that comes long after the loop began waiting, in two steps (the scratch file
    /// written, then renamed over the original a moment later), is one change: the longest
    /// burst counts from the burst's first change, not from the wait's start (which split
    /// such a save into two rebuilds and two restarts).
    #if canImport(Glibc)
    @Test func aSaveInTwoStepsLongAfterTheWaitBeganIsOneChange() throws {
        let package = try Package()
        let watcher = SourceWatcher(base: package.path, settle: .milliseconds(500), longestBurst: .seconds(1))
        let path = package.path
        let writer = Thread {
            // The save starts after the longest burst would have passed, counted from the wait.
            Thread.sleep(forTimeInterval: 1.5)
            try? Data("struct Home { let saved = true }\n".utf8).write(to: URL(fileURLWithPath: path + "/Sources/App/sedZ7f8a9"))
            Thread.sleep(forTimeInterval: 0.03)
            _ = rename(path + "/Sources/App/sedZ7f8a9", path + "/Sources/App/Home.swift")
        }
        writer.start()
        #expect(watcher.next(timeout: .seconds(30)) == .changed(["Sources/App/Home.swift"]))
        #expect(watcher.next(timeout: .milliseconds(800)) == .timedOut)
    }
    #endif

    /// The loop's signal pipe ends a wait that nothing else would.
    @Test(arguments: [false, true])
    func aSignalEndsTheWait(polling: Bool) throws {
        let package = try Package()
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let watcher = SourceWatcher(base: package.path, interruption: ends[0], polling: polling)
        var byte: UInt8 = 15
        #expect(write(ends[1], &byte, 1) == 1)
        #expect(watcher.next() == .interrupted)
    }
}
