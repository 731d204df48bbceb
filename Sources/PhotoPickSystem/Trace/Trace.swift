import Foundation

/// Milestones for timing scripts, the benchmark and the tests that wait for states: with
/// `PHOTOPICK_TRACE=1`, each is one stderr line `photopick-trace <unix time> <event>`.
/// Silent otherwise. Every layer that has a milestone to tell marks it here.
public enum Trace {
    private static let enabled = ProcessInfo.processInfo.environment["PHOTOPICK_TRACE"] == "1"
    public static var isEnabled: Bool { enabled }

    public static func mark(_ event: String) {
        guard enabled else { return }
        // One line each, whatever a file's name holds: a control character (a newline) is "?".
        let event = event.utf8.contains { $0 < 0x20 || $0 == 0x7F }
            ? String(String.UnicodeScalarView(event.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 })) : event
        let line = String(format: "photopick-trace %.6f %@\n", Date().timeIntervalSince1970, event)
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Told of every traced piece of main-thread work as it ends (name, milliseconds): the
    /// window's stall probe, to name what ran during a stall. Set once, before the loop runs.
    public typealias SpanObserver = @MainActor @Sendable (_ name: String, _ ms: Double) -> Void
    // A main-actor variable, not a Mutex: a closure read back through Mutex.withLock's generic
    // inout was re-wrapped in two reabstraction thunks on every read, so after a few thousand
    // spans each call ran through thousands of thunks (100+ ms frames while scrolling).
    @MainActor private static var observer: SpanObserver?

    @MainActor
    public static func observeMainThreadSpans(_ observe: @escaping SpanObserver) {
        observer = observe
    }

    @MainActor
    static func noteSpan(_ name: String, ms: Double) {
        observer?(name, ms)
    }

    /// Runs `body`; when tracing, marks `event` with how long it took on this thread. On the
    /// main thread the span observer also learns of it.
    public static func timed<T>(_ event: @autoclosure () -> String, _ body: () throws -> T) rethrows -> T {
        guard enabled else { return try body() }
        let start = Date()
        defer {
            let name = event(), ms = Date().timeIntervalSince(start) * 1000
            mark(name + String(format: " %.1fms", ms))
            if Thread.isMainThread { MainActor.assumeIsolated { noteSpan(name, ms: ms) } }
        }
        return try body()
    }

    /// Runs `body` (main-thread work that may be heavy: binding rows, applying changes); when
    /// tracing, the span observer learns how long it took. No line of its own: it may run
    /// hundreds of times a second.
    @MainActor
    public static func span<T>(_ name: StaticString, _ body: () throws -> T) rethrows -> T {
        guard enabled else { return try body() }
        let start = ThreadClock.monotonicMicroseconds()
        defer { noteSpan(String(describing: name), ms: Double(ThreadClock.monotonicMicroseconds() - start) / 1000) }
        return try body()
    }
}
