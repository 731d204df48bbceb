import Foundation
import PhotoPickCore
import PhotoPickIndex
import PhotoPickSystem
import Synchronization

/// The index's listing, read and made into the session's library on a thread of its own
/// while GTK starts and the window is built (a few hundred milliseconds each, on different
/// cores); the first scan takes it. The first screen's library is ready long before the
/// whole one.
public final class IndexPrefetch: Sendable {
    typealias Completion = @Sendable (PreparedLibrary?) -> Void

    let roots: [RawPath]
    /// The caller's restriction the library was built with (the command line's; the
    /// remembered settings never restrict).
    let restriction: AssetRestriction
    let index: IndexLocation

    /// Each stage's result once read (`.some(nil)`: read, nothing there) and who waits for it.
    private struct Stages {
        var first: PreparedLibrary??
        var prepared: PreparedLibrary??
        var onFirst: Completion?
        var onPrepared: Completion?
    }
    private let stages = Mutex(Stages())

    public init(roots: [RawPath], restriction: AssetRestriction, index location: IndexLocation = .standard) {
        self.roots = roots
        self.restriction = restriction
        self.index = location
        _ = BlockingThread.start("pp-index-read", .disk) { [self] in
            var index = IndexFirstOpen.openIndex(location)
            let first = IndexFirstOpen.readFirst(index, roots, restriction: restriction)
            stages.withLock { stages in
                stages.first = .some(first?.library)
                stages.onFirst?(first?.library)
            }
            if first != nil {
                ListingHoldForTests.wait()
                // The window is showing the first screen now: the rest of the read is background
                // work, as the scan is, and must not take the cores from the main thread.
                BackgroundPriority.lowerCurrentThread()
            }
            let prepared = IndexFirstOpen.readPrepared(&index, roots, restriction: restriction, first: first?.files ?? [])
            stages.withLock { stages in
                stages.prepared = .some(prepared)
                stages.onPrepared?(prepared)
            }
        }
    }

    /// Calls `first` with the first screen's library (nil without one), then `prepared` with
    /// the whole read's: at once for a stage already read, else on the reading thread as it
    /// ends. Once per prefetch. Both run under the lock, so they come in this order however
    /// the read and this call meet: keep them short (they post to the main queue).
    func whenRead(first: @escaping Completion, prepared: @escaping Completion) {
        stages.withLock { stages in
            if let read = stages.first { first(read) } else { stages.onFirst = first }
            if let read = stages.prepared { prepared(read) } else { stages.onPrepared = prepared }
        }
    }
}
