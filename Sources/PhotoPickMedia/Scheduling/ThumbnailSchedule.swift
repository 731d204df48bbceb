import PhotoPickCore

/// An asset a thumbnail is wanted for.
public struct ThumbnailTarget: Hashable, Sendable {
    public let id: AssetID
    public let path: RawPath
    public let mimeType: String

    public init(id: AssetID, path: RawPath, mimeType: String) {
        self.id = id
        self.path = path
        self.mimeType = mimeType
    }

    /// JPEG, TIFF and camera RAW files may carry an EXIF preview worth a quick first pass.
    public var mayEmbedPreview: Bool {
        mimeType == "image/jpeg" || mimeType == "image/tiff" || CameraRaw.isRaw(mimeType)
    }
}

/// Which thumbnail is asked for next: the decisions of the grid's (and the sidebar's) loader,
/// with no GTK and no pixels, so they can be tested on their own.
///
/// Like gThumb's and Loupe's loaders, what the user looks at wins: the tiles on screen first
/// (every quick pass before any full one, so the whole screen shows something at once), then
/// the next screens in the scroll direction, nearest first; without a viewport (before the
/// first layout) bound tiles go in the order they were bound. A tile withdraws its request
/// when unbound and a new prefetch replaces the old, so a fast scroll leaves no work queued
/// for tiles long gone. Requests are counted: GTK may bind a second tile to an asset before it
/// unbinds the first, and the asset stays wanted until both let go. At most `capacity`
/// requests are in flight; a reply to a request made before a reload or resize is stale.
///
/// The owner says what it already has (`settled`: a final thumbnail or a failure;
/// `hasPreview`: a degraded one) through the two closures.
public struct ThumbnailSchedule {
    /// A request to send: what, which pass, and the generation its reply must carry.
    public struct Dispatch: Equatable, Sendable {
        public let target: ThumbnailTarget
        public let kind: WorkerRequest.Kind
        public let generation: Int
    }

    /// What a reply brought.
    public enum Outcome: Sendable {
        /// The real thumbnail (a full pass, or a quick pass that found it in the shared cache).
        case final
        /// The embedded preview: shown for now, the full pass follows.
        case degraded
        /// The quick pass found nothing: the full pass follows.
        case missed
        /// The full pass failed: the asset shows as failed.
        case failed
    }

    private struct Job {
        let target: ThumbnailTarget
        var next: WorkerRequest.Kind
        var inFlight = false
        /// Bumped by `reload` and `resize`: a reply to an older request is dropped.
        var generation = 0
    }

    public let capacity: Int
    public private(set) var inFlight = 0
    private var jobs: [AssetID: Job] = [:]
    private var wanted: [AssetID: (count: Int, target: ThumbnailTarget)] = [:]
    /// Bound assets in the order they were bound (may hold ids no longer wanted; skipped and pruned).
    private var bindOrder: [AssetID] = []
    public private(set) var visible: [AssetID] = []
    private var ahead: [AssetID] = []
    private var aheadSet: Set<AssetID> = []
    private let settled: (AssetID) -> Bool
    private let hasPreview: (AssetID) -> Bool

    public init(capacity: Int, settled: @escaping (AssetID) -> Bool, hasPreview: @escaping (AssetID) -> Bool) {
        self.capacity = max(1, capacity)
        self.settled = settled
        self.hasPreview = hasPreview
    }

    /// Whether a tile shows `id`.
    public func isWanted(_ id: AssetID) -> Bool { wanted[id] != nil }
    /// The bound assets, for a resize that reloads them.
    public var wantedIDs: [AssetID] { Array(wanted.keys) }
    /// Whether a request for `id` is waiting or in flight.
    public func hasWork(_ id: AssetID) -> Bool { jobs[id] != nil }
    /// Whether a request for `id` waits to be sent.
    public func isWaiting(_ id: AssetID) -> Bool { jobs[id].map { !$0.inFlight } ?? false }

    /// A tile showing `target` was bound. True when the asset was not wanted before.
    @discardableResult
    public mutating func bind(_ target: ThumbnailTarget) -> Bool {
        if let w = wanted[target.id] {
            wanted[target.id] = (w.count + 1, w.target)
            return false
        }
        wanted[target.id] = (1, target)
        bindOrder.append(target.id)
        if bindOrder.count > 4 * max(64, wanted.count) { bindOrder.removeAll { wanted[$0] == nil } }
        ensureJob(target)
        return true
    }

    /// The tile showing `id` was unbound. True when no tile shows it any more.
    @discardableResult
    public mutating func unbind(_ id: AssetID) -> Bool {
        guard let w = wanted[id] else { return false }
        if w.count > 1 {
            wanted[id] = (w.count - 1, w.target)
            return false
        }
        wanted[id] = nil
        dropIfUnneeded(id)
        return true
    }

    /// What is on screen, in reading order. Empty: the viewport is unknown.
    public mutating func setViewport(_ ids: [AssetID]) { visible = ids }

    /// The next screens in the scroll direction, nearest first. Replaces the previous
    /// prefetch; what it no longer names and no tile shows is cancelled.
    public mutating func prefetch(_ targets: [ThumbnailTarget]) {
        let old = aheadSet
        ahead = targets.map(\.id)
        aheadSet = Set(ahead)
        for id in old where !aheadSet.contains(id) { dropIfUnneeded(id) }
        for target in targets { ensureJob(target) }
    }

    /// `target`'s file changed: its next request is a full pass, and a reply already on its
    /// way is stale. Nothing is queued when nothing wants it.
    public mutating func reload(_ target: ThumbnailTarget) {
        let old = jobs[target.id]
        guard wanted[target.id] != nil || aheadSet.contains(target.id) else {
            if old?.inFlight == true { jobs[target.id]?.generation += 1 } else { jobs[target.id] = nil }
            return
        }
        var job = Job(target: target, next: .full)
        job.inFlight = old?.inFlight ?? false
        job.generation = (old?.generation ?? 0) + 1
        jobs[target.id] = job
    }

    /// A final thumbnail for `id` arrived from elsewhere (the shared cache, read in process):
    /// a request still waiting is not sent.
    public mutating func satisfied(_ id: AssetID) {
        if jobs[id]?.inFlight == false { jobs[id] = nil }
    }

    /// The thumbnail size changed: every wanted asset gets a full pass at the new size, and
    /// replies in flight (made for the old size) are stale.
    public mutating func resize() {
        for (id, job) in jobs {
            jobs[id]?.next = .full
            if job.inFlight { jobs[id]?.generation += 1 }
        }
        for (id, w) in wanted where jobs[id] == nil { jobs[id] = Job(target: w.target, next: .full) }
    }

    /// The requests to send now, best first, each marked in flight, up to the capacity.
    public mutating func take() -> [Dispatch] {
        var out: [Dispatch] = []
        while inFlight < capacity, let id = nextJob(), var job = jobs[id] {
            job.inFlight = true
            jobs[id] = job
            inFlight += 1
            out.append(Dispatch(target: job.target, kind: job.next, generation: job.generation))
        }
        return out
    }

    /// A reply to `dispatch` came back with `outcome`. False when it is stale (reloaded,
    /// resized or forgotten meanwhile): its result must not be used.
    public mutating func finish(_ dispatch: Dispatch, _ outcome: Outcome) -> Bool {
        inFlight -= 1
        let id = dispatch.target.id
        guard var job = jobs[id] else { return false }
        job.inFlight = false
        guard job.generation == dispatch.generation else {  // asked again: the new request follows
            jobs[id] = job
            dropIfUnneeded(id)
            return false
        }
        switch outcome {
        case .final, .failed:
            jobs[id] = nil
        case .degraded, .missed:
            job.next = .full
            jobs[id] = job
            dropIfUnneeded(id)
        }
        return true
    }

    // MARK: Decisions

    private mutating func ensureJob(_ target: ThumbnailTarget) {
        guard jobs[target.id] == nil, !settled(target.id) else { return }
        // The quick pass looks in the shared cache and at the EXIF preview; other formats have
        // no preview, and the full pass looks in the cache first anyway.
        let quick = target.mayEmbedPreview && !hasPreview(target.id)
        jobs[target.id] = Job(target: target, next: quick ? .quick : .full)
    }

    /// Cancels the work for `id` when nothing wants it (a request in flight finishes).
    private mutating func dropIfUnneeded(_ id: AssetID) {
        guard wanted[id] == nil, !aheadSet.contains(id), let job = jobs[id], !job.inFlight else { return }
        jobs[id] = nil
    }

    private func isWaitingQuick(_ id: AssetID) -> Bool { isWaiting(id) && jobs[id]?.next == .quick }

    private func nextJob() -> AssetID? {
        if let id = visible.first(where: isWaitingQuick) ?? visible.first(where: isWaiting) { return id }
        if let id = ahead.first(where: isWaitingQuick) ?? ahead.first(where: isWaiting) { return id }
        guard visible.isEmpty else { return nil }
        return bindOrder.first { wanted[$0] != nil && isWaiting($0) }
    }
}
