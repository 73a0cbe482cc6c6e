import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT, SIGTERM and SIGCHLD for the dev loop's watching process, turned into bytes on a
/// pipe its waits watch (the self-pipe trick): a signal during a build or between changes
/// ends the wait at once, and the loop stops its children and exits.
enum LoopSignals {
    private static let writeEnd = Atomic<Int32>(-1)
    private static let stopRequested = Atomic<Bool>(false)

    /// Whether SIGINT or SIGTERM arrived.
    static var terminated: Bool { stopRequested.load(ordering: .relaxed) }

    /// Installs the handlers; returns the pipe's read end.
    static func install() throws -> Int32 {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        writeEnd.store(ends[1], ordering: .relaxed)
        // Both statics initialised here, never lazily inside a handler.
        _ = stopRequested.load(ordering: .relaxed)
        for kind in [SIGINT, SIGTERM, SIGCHLD] {
            _ = signal(kind) { number in
                if number != SIGCHLD { LoopSignals.stopRequested.store(true, ordering: .relaxed) }
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(LoopSignals.writeEnd.load(ordering: .relaxed), &byte, 1)
            }
        }
        return ends[0]
    }

    /// Empties the pipe (its bytes only say "look again").
    static func drain(_ readEnd: Int32) {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &bytes, bytes.count) > 0 {}
    }
}
