import Foundation
import PhotoPickSystem
import Synchronization

/// Running the peer programs the bench compares against: each through `Process` (no
/// shell), output discarded, timed by wall clock.
enum Peers {
    /// The full path of a program on PATH, or nil.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
            return "\(dir)/\(name)"
        }
        return nil
    }

    /// Runs `command` (program and arguments) to completion; true when it exited 0.
    @discardableResult
    static func run(_ command: [String], environment: [String: String]? = nil) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: command[0])
        p.arguments = Array(command.dropFirst())
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        if let environment { p.environment = environment }
        do { try p.run() } catch { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }

    /// Runs `commands` with at most `jobs` at once (like `xargs -P`); the wall time in
    /// milliseconds and how many failed.
    static func parallel(_ commands: [[String]], jobs: Int, environment: [String: String]? = nil) -> (ms: Double, failed: Int) {
        let next = Counter(), failures = Counter()
        let ms = wallMs {
            let threads = (0..<max(1, jobs)).map { _ in
                BlockingThread.start("bench-peer", .childProcess) {
                    while true {
                        let i = next.increment() - 1
                        guard i < commands.count else { return }
                        if !run(commands[i], environment: environment) { _ = failures.increment() }
                    }
                }
            }
            for thread in threads { thread.join() }
        }
        return (ms, failures.value)
    }
}

/// The wall-clock milliseconds `body` took.
func wallMs(_ body: () throws -> Void) rethrows -> Double {
    let start = monotonicMs()
    try body()
    return monotonicMs() - start
}

/// Milliseconds on the monotonic clock, for differences.
func monotonicMs() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1e3 + Double(now.tv_nsec) / 1e6
}

/// The median of a few measurements (the middle one; the upper middle for an even count).
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// A thread-safe counter.
final class Counter: Sendable {
    private let count = Atomic(0)
    func increment() -> Int { add(1) }
    func add(_ n: Int) -> Int { count.wrappingAdd(n, ordering: .sequentiallyConsistent).newValue }
    var value: Int { count.load(ordering: .sequentiallyConsistent) }
}
