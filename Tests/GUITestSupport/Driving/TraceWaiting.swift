import Foundation

extension PickerDriver {
    /// Waits (up to `timeout` seconds) until the picker's trace (PHOTOPICK_TRACE=1) holds a
    /// line for which `done` is true of every trace line so far; returns whether it did.
    public func waitForTrace(timeout: Double = 20, until done: ([Substring]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if done(process.stderrSoFar.split(separator: "\n")) { return true }
            usleep(100_000)
        }
        return false
    }
}

extension PickerDriver {
    /// How many of the picker's trace lines so far contain `event`.
    public func traceCount(_ event: String) -> Int {
        process.stderrSoFar.split(separator: "\n").filter { $0.hasPrefix("photopick-trace ") && $0.contains(event) }.count
    }

    /// Does `action`, then waits until one more trace line contains `event` than before (e.g.
    /// " focus GtkListItemWidget.activatable": a list row took the keyboard focus; " video-opened ":
    /// the preview's player has the file), so the next step starts from what the user would
    /// see rather than after a guessed pause, however busy the machine.
    public func after(_ action: () throws -> Void, expectTrace event: String, timeout: Double = 20) throws {
        let before = traceCount(event)
        try action()
        guard waitForTrace(timeout: timeout, until: { _ in traceCount(event) > before }) else {
            throw GUITestError("no new trace line with '\(event)' in \(timeout) s: \(process.stderrSoFar)")
        }
    }
}
