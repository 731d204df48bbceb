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

extension PickerDriver {
    /// The inputs InputTrace counts.
    public enum Input: String { case key, click }

    /// Does `send`, which makes `count` inputs of `kind` (a key press that is not a modifier
    /// alone, or a mouse button's release), and waits until the picker has handled them and
    /// painted what they changed, or has ended (Return on Done, Escape…).
    public func handling(_ kind: Input, count: Int = 1, _ send: () throws -> Void) throws {
        let event = " input-handled \(kind.rawValue) "
        let before = traceCount(event)
        try send()
        guard count > 0 else { return }
        guard waitForTrace(timeout: 20, until: { _ in traceCount(event) >= before + count || !process.isRunning }) else {
            throw GUITestError("the picker did not handle \(count) \(kind) input(s) in 20 s: \(process.stderrSoFar.suffix(3000))")
        }
    }
}
