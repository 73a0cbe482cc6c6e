import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `serve --dev` watches: every file under a few directories (`Sources/` and `Public/`).
///
/// On Linux it asks the kernel (inotify: one watch per directory, added for each directory
/// that appears later), so a save is seen at once and an idle loop costs nothing; elsewhere, or
/// when inotify is refused (its watch limit reached), it compares modification times every
/// ``pollInterval``. A burst of changes (an editor's save through a temporary file, a
/// `git checkout`, a formatter run) comes back as one set, once no further change arrived for
/// `settle` and no file is still open for writing: one rebuild, not one per file.
///
/// Dotfiles, `~` backups and Vim's `4913` probe are not changes, nor is a file that appeared and
/// went away within the burst (the temporary file `sed -i` or an editor writes and renames over
/// the original): the original is the change.
package final class SourceWatcher {
    /// What ``next(timeout:)`` saw.
    package enum Wait: Equatable, Sendable {
        /// These files (paths relative to the base, `Sources/App/Home.swift`) changed, appeared
        /// or went away.
        case changed(Set<String>)
        /// The interruption descriptor became readable (a signal reached the loop).
        case interrupted
        /// Nothing changed within the timeout.
        case timedOut
    }

    /// How often the fallback compares modification times.
    package static let pollInterval = Duration.milliseconds(200)

    let base: String
    let roots: [String]
    let settle: Duration
    let interruption: Int32?
    /// Whether the kernel tells this watcher about changes (inotify) rather than polling.
    package private(set) var usesInotify = false

    private var inotify: Int32 = -1
    /// Each watch's directory, relative to `base`.
    private var directories: [Int32: String] = [:]
    /// The watch on `base` itself, for a root made after the start (`Public/` created later).
    private var baseWatch: Int32 = -1
    private var snapshot: [String: Stamp] = [:]
    /// Files modified and not yet closed since the burst began (inotify only).
    private var beingWritten = Set<String>()
    /// Files that appeared since the burst began, and those of them that went away again
    /// (scratch files, not changes; inotify only).
    private var appeared = Set<String>()
    private var scratch = Set<String>()
    /// The longest a burst is gathered, from its first change.
    let longestBurst: Duration

    /// A file's modification time and size, as the fallback compares them.
    private struct Stamp: Equatable {
        let modified: Date
        let size: UInt64
    }

    /// Starts watching `roots` (directories relative to `base`; those missing now are not
    /// watched). `interruption`: a descriptor whose readability ends a wait (the loop's signal
    /// pipe); `polling`: compare modification times even where inotify exists; `longestBurst`:
    /// how long a burst of changes is gathered at most, from its first change.
    package init(base: String = ".", roots: [String] = ["Sources", "Public"], settle: Duration = .milliseconds(100),
                 longestBurst: Duration = .seconds(2), interruption: Int32? = nil, polling: Bool = false) {
        self.base = base
        self.roots = roots
        self.settle = settle
        self.longestBurst = longestBurst
        self.interruption = interruption
        #if canImport(Glibc)
        if !polling { startInotify() }
        #endif
        if !usesInotify { snapshot = takeSnapshot() }
    }

    deinit {
        if inotify >= 0 { close(inotify) }
    }

    /// Waits for the next burst of changes, the interruption, or `timeout` (`nil`: forever).
    /// Changes made before the call are reported by it; a burst is gathered until `settle`
    /// passes without another change (at most ``longestBurst`` from its first change, so a
    /// constant writer cannot starve the rebuild).
    package func next(timeout: Duration? = nil) -> Wait {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        var changed = Set<String>()
        var burstEnd: ContinuousClock.Instant?
        var burstLimit = ContinuousClock.now + longestBurst   // set again at the burst's first change
        while true {
            let now = ContinuousClock.now
            var wakeAt: ContinuousClock.Instant?
            if let end = burstEnd {
                // A file still open for writing (modified, not yet closed) holds the burst
                // open: its save is not finished.
                if now >= burstLimit || (now >= end && beingWritten.isEmpty) {
                    let found = changed.subtracting(scratch)
                    beingWritten = []
                    appeared = []
                    scratch = []
                    if found.isEmpty {   // only scratch files came and went: wait on
                        changed = []
                        burstEnd = nil
                        continue
                    }
                    return .changed(found)
                }
                wakeAt = now >= end ? min(now + settle, burstLimit) : min(end, burstLimit)
            } else if let deadline {
                if now >= deadline {
                    // One last look, without waiting.
                    if usesInotify {
                        if !hasPendingEvents() { return .timedOut }
                    } else {
                        let found = compareSnapshot()
                        if found.isEmpty { return .timedOut }
                        changed = found
                        burstEnd = now + max(settle, Self.pollInterval)
                        burstLimit = now + longestBurst
                        continue
                    }
                }
                wakeAt = deadline
            }
            if usesInotify {
                let ready = Self.waitReadable([inotify] + (interruption.map { [$0] } ?? []), until: wakeAt)
                if let interruption, ready.contains(interruption) { return .interrupted }
                if ready.contains(inotify) {
                    let found = readEvents()
                    if !found.isEmpty {
                        if burstEnd == nil { burstLimit = ContinuousClock.now + longestBurst }
                        changed.formUnion(found)
                        burstEnd = ContinuousClock.now + settle
                    }
                }
            } else {
                let pollAt = now + Self.pollInterval
                let ready = Self.waitReadable(interruption.map { [$0] } ?? [],
                                              until: wakeAt.map { min($0, pollAt) } ?? pollAt)
                if !ready.isEmpty { return .interrupted }
                let found = compareSnapshot()
                if !found.isEmpty {
                    if burstEnd == nil { burstLimit = ContinuousClock.now + longestBurst }
                    changed.formUnion(found)
                    burstEnd = ContinuousClock.now + max(settle, Self.pollInterval)
                }
            }
        }
    }

    /// Whether a path is an editor's scratch file rather than a change.
    static func ignores(_ name: Substring) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name == "4913" || name.isEmpty
    }

    // MARK: Polling

    private func compareSnapshot() -> Set<String> {
        let now = takeSnapshot()
        defer { snapshot = now }
        guard now != snapshot else { return [] }
        return Set(now.keys).symmetricDifference(snapshot.keys)
            .union(now.keys.filter { snapshot[$0] != nil && snapshot[$0] != now[$0] })
    }

    private func takeSnapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        for root in roots {
            for path in files(under: root) {
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: base + "/" + path),
                      let modified = attributes[.modificationDate] as? Date else { continue }
                stamps[path] = Stamp(modified: modified, size: (attributes[.size] as? NSNumber)?.uint64Value ?? 0)
            }
        }
        return stamps
    }

    /// The regular files under `directory` (relative to `base`), relative to `base`.
    private func files(under directory: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: base + "/" + directory) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = relative.split(separator: "/").last ?? ""
            guard !Self.ignores(name) else { continue }
            if walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular {
                found.append(directory + "/" + relative)
            }
        }
        return found
    }

    // MARK: inotify

    #if canImport(Glibc)
    private static let fileEvents: UInt32 = 0x2 /* MODIFY */ | 0x4 /* ATTRIB */ | 0x8 /* CLOSE_WRITE */
        | 0x40 /* MOVED_FROM */ | 0x80 /* MOVED_TO */ | 0x100 /* CREATE */ | 0x200 /* DELETE */
        | 0x400 /* DELETE_SELF */ | 0x800 /* MOVE_SELF */
    private static let onlyDirectory: UInt32 = 0x0100_0000
    private static let isDirectory: UInt32 = 0x4000_0000
    private static let overflow: UInt32 = 0x4000
    private static let ignored: UInt32 = 0x8000

    private func startInotify() {
        let descriptor = inotify_init1(Int32(O_CLOEXEC | O_NONBLOCK))
        guard descriptor >= 0 else { return }
        inotify = descriptor
        usesInotify = true
        // The package folder itself: a root that does not exist yet is watched once it is made.
        baseWatch = inotify_add_watch(inotify, base, 0x100 /* CREATE */ | 0x80 /* MOVED_TO */ | Self.onlyDirectory)
        for root in roots where !addWatches(under: root).ok {
            // Out of watches (fs.inotify.max_user_watches): poll instead.
            close(inotify)
            inotify = -1
            directories = [:]
            usesInotify = false
            return
        }
    }

    /// Watches `directory` and every directory under it; returns the files found there (for
    /// a directory that appeared after its files were written) and whether every watch was added.
    @discardableResult
    private func addWatches(under directory: String) -> (ok: Bool, files: [String]) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: base + "/" + directory, isDirectory: &isFolder), isFolder.boolValue else {
            return (true, [])
        }
        var pending = [directory]
        var files: [String] = []
        while let next = pending.popLast() {
            let watch = inotify_add_watch(inotify, base + "/" + next, Self.fileEvents | Self.onlyDirectory)
            if watch < 0 {
                if errno == ENOSPC || errno == ENOMEM { return (false, files) }
                continue  // gone already, or unreadable
            }
            directories[watch] = next
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: base + "/" + next)) ?? []
            for name in entries where !Self.ignores(Substring(name)) {
                let path = next + "/" + name
                var entryIsFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &entryIsFolder) else { continue }
                if entryIsFolder.boolValue { pending.append(path) } else { files.append(path) }
            }
        }
        return (true, files)
    }

    private func hasPendingEvents() -> Bool {
        !Self.waitReadable([inotify], until: nil, onlyCheck: true).isEmpty
    }

    /// Reads every queued event; returns the files they name.
    private func readEvents() -> Set<String> {
        var changed = Set<String>()
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(inotify, buffer, capacity)
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let watch = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameBytes = UnsafeRawBufferPointer(start: buffer + offset + 16, count: length)
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += 16 + length
                if mask & Self.overflow != 0 {
                    // The queue overflowed: events were lost, so watch everything afresh and
                    // count it as a change.
                    for (watch, _) in directories { inotify_rm_watch(inotify, watch) }
                    directories = [:]
                    for root in roots { changed.formUnion(addWatches(under: root).files) }
                    changed.insert(roots.first ?? ".")
                    continue
                }
                if mask & Self.ignored != 0 {
                    directories[watch] = nil
                    continue
                }
                if watch == baseWatch {
                    // A root made after the start (or moved in): watch it, and count its files.
                    if mask & Self.isDirectory != 0, roots.contains(name), !directories.values.contains(name) {
                        changed.formUnion(addWatches(under: name).files)
                    }
                    continue
                }
                guard let directory = directories[watch], !name.isEmpty, !Self.ignores(Substring(name)) else { continue }
                let path = directory + "/" + name
                if mask & Self.isDirectory != 0 {
                    if mask & (0x100 | 0x80) != 0 {  // CREATE, MOVED_TO: watch it, and count the files already inside
                        changed.formUnion(addWatches(under: path).files)
                    } else if mask & (0x40 | 0x200) != 0 {  // MOVED_FROM, DELETE: its files went with it
                        changed.insert(path)
                    }
                } else {
                    changed.insert(path)
                    if mask & (0x2 | 0x100) != 0 { beingWritten.insert(path) }  // MODIFY, CREATE
                    if mask & (0x8 | 0x200 | 0x40) != 0 { beingWritten.remove(path) }  // CLOSE_WRITE, DELETE, MOVED_FROM
                    if mask & (0x100 | 0x80) != 0 {  // CREATE, MOVED_TO: new in this burst
                        appeared.insert(path)
                        scratch.remove(path)
                    } else if mask & (0x200 | 0x40) != 0, appeared.remove(path) != nil {  // DELETE, MOVED_FROM
                        scratch.insert(path)   // came and went within the burst
                    }
                }
            }
        }
        return changed
    }
    #else
    private func readEvents() -> Set<String> { [] }
    private func hasPendingEvents() -> Bool { false }
    #endif

    // MARK: Waiting

    /// The descriptors among `descriptors` readable before `until` (`nil`: no limit), retried
    /// across signals. `onlyCheck`: look without blocking.
    static func waitReadable(_ descriptors: [Int32], until: ContinuousClock.Instant?, onlyCheck: Bool = false) -> [Int32] {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            var milliseconds: Int32 = -1
            if onlyCheck {
                milliseconds = 0
            } else if let until {
                let left = until - ContinuousClock.now
                milliseconds = left <= .zero ? 0
                    : Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            }
            if entries.isEmpty {
                if milliseconds != 0 {
                    var rest = timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds % 1000) * 1_000_000)
                    _ = nanosleep(&rest, nil)
                }
                return []
            }
            let result = poll(&entries, nfds_t(entries.count), milliseconds)
            if result < 0 && errno == EINTR {
                if onlyCheck { return [] }
                continue
            }
            return entries.filter { $0.revents != 0 }.map(\.fd)
        }
    }
}
