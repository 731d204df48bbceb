import Foundation

/// photopick's ready signal: with PHOTOPICK_READY_FILE set it creates that file once its window
/// shows the scanned library. Tests wait for it before looking for the window.
public struct ReadySignal: Sendable {
    public let path: String

    public init(path: String = NSTemporaryDirectory() + "/photopick-ready-\(UUID().uuidString)") { self.path = path }

    /// Waits up to `timeout` seconds while `alive` holds; throws with `diagnosis()` otherwise.
    public func wait(timeout: Double, alive: () -> Bool, diagnosis: () -> String) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !FileManager.default.fileExists(atPath: path) {
            guard alive() else { throw GUITestError("photopick ended before it was ready: \(diagnosis())") }
            guard Date() < deadline else {
                throw GUITestError(String(format: "photopick was not ready within %.0f s (then stopped): ", timeout) + diagnosis())
            }
            usleep(5_000)
        }
    }

    /// Forgets the last signal, so the next picker's can be told apart.
    public func reset() { try? FileManager.default.removeItem(atPath: path) }
}
