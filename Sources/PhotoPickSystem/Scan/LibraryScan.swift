import Foundation
import PhotoPickCore
import Synchronization

/// The window's library scan, below the views: it decides how the walk's results are
/// batched and in which order they are delivered, as an `AsyncStream` of `ScanEvent`s.
///
/// The walk runs on a thread of its own (blocking file I/O has no place on the cooperative
/// pool, and its verifying threads inherit that thread's priority). During the listing the
/// newest photos, the top of the grid, keep changing, so listed files are held back until
/// the listing is complete or a second has passed; from the third delivery on they go at
/// `listedCap` files, so a large listing is never held whole in memory (at a million files,
/// about 30 more deliveries, each merged into the albums on the main thread). Then
/// refinements follow, the first at once and later ones less often (each re-sorts the whole
/// library on the main thread).
/// Ending the stream's iteration cancels the scan: nothing more is delivered.
public struct LibraryScan: Sendable {
    /// Listed files sent at once, from the third delivery on, when this many are pending.
    public static let listedCap = 32_768
    /// The shortest time between two deliveries of refinements.
    public var interval: Double
    /// Two passes (list by name, then verify) rather than one.
    public var refine: Bool
    /// Runs first on the scan's thread (the window lowers its priority there).
    public var onThreadStart: @Sendable () -> Void = {}
    /// Runs on the scan's thread when the listing pass ends, before the slow verification.
    public var onListingFinished: @Sendable () -> Void = {}
    private let makePasses: @Sendable () -> any ScanPasses

    /// `makePasses` runs on the scan's thread (opening an index reads from disk).
    public init(interval: Double = 0.15, refine: Bool, makePasses: @escaping @Sendable () -> any ScanPasses) {
        self.interval = interval
        self.refine = refine
        self.makePasses = makePasses
    }

    /// Starts the scan; its events arrive in order, the last one `.finished`.
    public func events() -> AsyncStream<ScanEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: ScanEvent.self)
        let cancelled = CancelFlag()
        continuation.onTermination = { _ in cancelled.set() }
        let scan = self
        BlockingThread.start("pp-scan", .disk) {
            scan.run(cancelled: cancelled) { event in
                if !cancelled.isSet { continuation.yield(event) }
            }
            continuation.finish()
        }
        return stream
    }

    private func run(cancelled: CancelFlag, send: (ScanEvent) -> Void) {
        onThreadStart()
        let passes = makePasses()
        var listed = Coalescer<[DiscoveredFile]>(interval: max(interval, 1.0), empty: [], merge: +=)
        listed.waitFirst()
        // The first two deliveries stay whole (the first screen's newest photos are among
        // them; capped from the second, a 1M library's first screen came seconds later); later
        // ones are sent at `listedCap` files, so a listing never holds a second of files.
        listed.cap = (Self.listedCap, 3, \.count)
        var refined = Coalescer<ScanRefinement>(interval: interval, empty: ScanRefinement()) { $0.merge($1) }
        let problems = passes.run(
            refine: refine, isCancelled: { cancelled.isSet },
            onListed: { batch in listed.add(batch) { send(.listed($0)) } },
            onListingFinished: onListingFinished,
            onRefined: { refinement in
                // What is refined must have been delivered first.
                listed.drain { send(.listed($0)) }
                refined.add(refinement) { send(.refined($0)) }
                refined.interval = min(1.0, refined.interval * 1.25)
            })
        listed.drain { send(.listed($0)) }
        refined.drain { send(.refined($0)) }
        guard !cancelled.isSet else { return }
        send(.finished(problems))
    }
}

/// Set once when the consumer goes away; read by the scan's thread.
final class CancelFlag: Sendable {
    private let state = Mutex(false)
    var isSet: Bool { state.withLock { $0 } }
    func set() { state.withLock { $0 = true } }
}
