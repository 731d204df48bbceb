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
