import Foundation

/// Milestones for timing scripts and the benchmark: with `PHOTOPICK_TRACE=1`, each is one
/// stderr line `photopick-trace <unix time> <event>`. Silent otherwise.
enum Trace {
    private static let enabled = ProcessInfo.processInfo.environment["PHOTOPICK_TRACE"] == "1"
    static var isEnabled: Bool { enabled }

    static func mark(_ event: String) {
        guard enabled else { return }
        let line = String(format: "photopick-trace %.6f %@\n", Date().timeIntervalSince1970, event)
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Runs `body`; when tracing, marks `event` with how long it took on this thread. On the
    /// main thread the stall probe also learns of it, to name what ran during a stall.
    static func timed<T>(_ event: @autoclosure () -> String, _ body: () throws -> T) rethrows -> T {
        guard enabled else { return try body() }
        let start = Date()
        defer {
            let name = event(), ms = Date().timeIntervalSince(start) * 1000
            mark(name + String(format: " %.1fms", ms))
            if Thread.isMainThread { MainActor.assumeIsolated { StallProbe.noteSpan(name, ms: ms) } }
        }
        return try body()
    }

    /// Runs `body` (main-thread work that may be heavy: binding rows, applying changes); when
    /// tracing, the stall probe learns how long it took, to name it in a stall. No line of
    /// its own: it may run hundreds of times a second.
    @MainActor
    static func span<T>(_ name: StaticString, _ body: () throws -> T) rethrows -> T {
        guard enabled else { return try body() }
        let start = ThreadClock.monotonicMicroseconds()
        defer { StallProbe.noteSpan(String(describing: name), ms: Double(ThreadClock.monotonicMicroseconds() - start) / 1000) }
        return try body()
    }
}
