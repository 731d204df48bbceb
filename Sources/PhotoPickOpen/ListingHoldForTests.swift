import Foundation
import PhotoPickSystem

/// Test hook: with `PHOTOPICK_TEST_HOLD_LISTING=1`, the whole listing is read only once the
/// first screen shows its thumbnails (a minute at most), so that a test sees that screen come
/// from the newest files alone, whatever the machine's speed. Released once for good: a later
/// read (a rescan's, after Try Again) is not held, since no first screen comes to release it.
public enum ListingHoldForTests {
    public static let enabled = ProcessInfo.processInfo.environment["PHOTOPICK_TEST_HOLD_LISTING"] == "1"
    private static let released = BlockingState(false)

    static func wait() {
        guard enabled else { return }
        _ = released.wait(until: { $0 }, deadline: Date().addingTimeInterval(60))
        released.withLock { $0 = true }  // open for every later wait
    }

    public static func release() {
        guard enabled else { return }
        released.withLock { $0 = true }
    }
}
