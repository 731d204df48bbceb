import Synchronization
import PhotoPickCore

/// Coalesces dirty folders until things are quiet, then delivers them as one batch.
///
/// A batch goes out once no report has arrived for `quietPeriod`, or `maxLatency` after
/// its first report while reports keep coming (a long copy still shows progress).
/// The timer is one task sleeping on the continuous clock; it delivers, and reports
/// arriving meanwhile start the next batch. Deliveries never overlap and keep their order.
public final class Debouncer: Sendable {
    public let quietPeriod: Duration
    public let maxLatency: Duration
    private let deliver: @Sendable (DirtyFolders) -> Void
    private let state = Mutex(State())
    /// Held while a batch is delivered: `add` and `cancel` never wait for it, `waitForDelivery` does.
    private let delivering = Mutex(())

    /// True inside this process's deliveries, so `waitForDelivery` called from one does not wait on itself.
    @TaskLocal private static var insideDelivery = false

    private struct State {
        var pending = DirtyFolders()
        var firstReport: ContinuousClock.Instant?
        var lastReport = ContinuousClock.now
        var cancelled = false
        /// The running timer, if any; its generation lets an old timer see it was replaced.
        var timer: Task<Void, Never>?
        var generation = 0
    }

    /// `quietPeriod` and `maxLatency` in seconds.
    public init(quietPeriod: Double = 0.3, maxLatency: Double = 2.0,
                deliver: @escaping @Sendable (DirtyFolders) -> Void) {
        self.quietPeriod = .seconds(quietPeriod)
        self.maxLatency = .seconds(max(maxLatency, quietPeriod))
        self.deliver = deliver
    }

    deinit { state.withLock { $0.timer?.cancel() } }

    /// Adds a report to the pending batch; callable from any thread, returns at once.
    public func add(_ dirty: DirtyFolders) {
        guard !dirty.isEmpty else { return }
        let now = ContinuousClock.now
        state.withLock { s in
            guard !s.cancelled else { return }
            s.pending.merge(dirty)
            if s.firstReport == nil { s.firstReport = now }
            s.lastReport = now
            guard s.timer == nil else { return }
            s.generation += 1
            let generation = s.generation
            s.timer = Task.detached { await self.runTimer(generation) }
        }
    }

    /// Delivers what is pending together with `extra` at once, on the calling thread (one
    /// that may block: it waits for a delivery under way), in order with the timer's.
    public func deliverNow(_ extra: DirtyFolders) {
        deliverPending(force: true, adding: extra)
    }

    /// Drops what is pending and delivers nothing more, until `resume()`.
    public func cancel() {
        state.withLock { s in
            s.cancelled = true
            s.pending = DirtyFolders()
            s.firstReport = nil
            s.timer?.cancel()
            s.timer = nil
        }
    }

    /// Accepts reports again after `cancel()`.
    public func resume() {
        state.withLock { $0.cancelled = false }
    }

    /// Returns once no batch is being delivered (at once when called from a delivery).
    /// After `cancel()`, nothing is delivered once this returns.
    public func waitForDelivery() {
        guard !Self.insideDelivery else { return }
        delivering.withLock { _ in }
    }

    /// The timer: sleeps until the batch is due, delivers it, and ends when nothing is pending.
    private func runTimer(_ generation: Int) async {
        while true {
            let due = state.withLock { s -> ContinuousClock.Instant? in
                guard s.generation == generation else { return nil }  // replaced after a cancel
                guard !s.cancelled, let first = s.firstReport else {
                    s.timer = nil
                    return nil
                }
                return min(s.lastReport + quietPeriod, first + maxLatency)
            }
            guard let due else { return }
            if due > .now {
                do { try await Task.sleep(until: due, clock: .continuous) } catch { return }  // cancelled
            } else {
                deliverPending(force: false)
            }
        }
    }

    /// Takes the batch (when due, or at once with `force`), with `extra` merged in, and
    /// delivers it, one at a time. Nothing pending and nothing extra: nothing is delivered.
    private func deliverPending(force: Bool, adding extra: DirtyFolders = DirtyFolders()) {
        delivering.withLock { _ in
            let batch = state.withLock { s -> DirtyFolders? in
                guard !s.cancelled else { return nil }
                if let first = s.firstReport {
                    let due = min(s.lastReport + quietPeriod, first + maxLatency)
                    if !force && ContinuousClock.now < due { return nil }  // a report came in meanwhile
                } else if extra.isEmpty {
                    return nil
                }
                var batch = s.pending
                batch.merge(extra)
                s.pending = DirtyFolders()
                s.firstReport = nil  // a running timer finds nothing due and ends
                return batch
            }
            guard let batch else { return }
            Self.$insideDelivery.withValue(true) { deliver(batch) }
        }
    }
}
