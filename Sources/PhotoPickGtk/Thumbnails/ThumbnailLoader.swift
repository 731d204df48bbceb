import CGtk
import Foundation
import PhotoPickCore
import PhotoPickMedia

/// Loads tile thumbnails off the main thread, keeping byte-bounded caches of textures.
///
/// Each photo comes in two passes, like PhotoKit's degraded-then-final delivery: a quick
/// pass (the valid thumbnail in the shared cache, which is final; else the small preview
/// embedded in the EXIF, which is not), then, if needed, the real thumbnail made by a worker.
///
/// Order: the tiles on screen first, in reading order (`setViewport`), then the next screens
/// in the scroll direction (`prefetch`), nearest first. Without a viewport (a list that does
/// not report one, or before the first layout) bound tiles go in the order they were bound,
/// which is top to bottom when a list fills. Tiles ask when bound and withdraw
/// when unbound, and a new viewport replaces the prefetch, so a fast scroll queues no work
/// for tiles long gone. Requests are counted: after a model change GTK may bind a second
/// tile to an asset before it unbinds the first, and the asset stays wanted until both let go.
@MainActor
final class ThumbnailLoader {
    enum Result {
        case texture(OpaquePointer, final: Bool)
        case failed
    }
    typealias Delivery = @MainActor (AssetID, Result) -> Void

    /// An asset a thumbnail is wanted for.
    struct Target: Hashable {
        let id: AssetID
        let path: RawPath
        let mimeType: String
    }

    private struct Job {
        let target: Target
        var next: WorkerRequest.Kind
        var inFlight = false
        /// Bumped by `reload`: a reply to an older request is dropped.
        var generation = 0
    }

    private let backend: any ThumbnailBackend
    private let concurrency: Int
    private var inFlight = 0
    private var jobs: [AssetID: Job] = [:]
    /// Bound assets: how many tiles show each, and what to load for it.
    private var wanted: [AssetID: (count: Int, target: Target)] = [:]
    /// Bound assets in the order they were bound (may hold ids no longer wanted; skipped and pruned).
    private var bindOrder: [AssetID] = []
    private var visible: [AssetID] = []
    private var ahead: [AssetID] = []
    private var aheadSet: Set<AssetID> = []
    private var failed: Set<AssetID> = []
    private let finals: TextureCache
    private let previews: TextureCache
    private var nextRequest: UInt64 = 1
    private var tracedPreviews = false, tracedFinals = false

    /// The tile side in device pixels that thumbnails are made for (tile size × scale). When it
    /// needs another thumbnail size (normal, large, x-large), the thumbnails shown become the
    /// degraded pass and the right size is loaded.
    var side: Int {
        didSet {
            guard ThumbnailSize.covering(tileSide: side) != ThumbnailSize.covering(tileSide: oldValue) else { return }
            resized()
        }
    }
    var onDelivery: Delivery?
    /// Called when tiles ask or withdraw, so a viewport can recompute what is on screen.
    var onRequestsChanged: (() -> Void)?
    /// Called as each request goes to the backend (a worker), for tracing.
    var onRequestSent: ((Target, WorkerRequest.Kind) -> Void)?

    init(side: Int, backend: any ThumbnailBackend = ThumbnailBackends.best(), cacheBytes: Int = 64 << 20) {
        self.side = side
        self.backend = backend
        // Twice the workers: each has its next request waiting in its pipe, so workers keep
        // going while the main thread is busy (a big scan batch, a layout) and cannot reply.
        concurrency = 2 * max(1, backend.concurrency)
        finals = TextureCache(budgetBytes: cacheBytes)
        previews = TextureCache(budgetBytes: max(4 << 20, cacheBytes / 4))
    }

    /// The best result so far for `id`, if any.
    func cached(_ id: AssetID) -> Result? {
        if let t = finals.texture(id) { return .texture(t, final: true) }
        if failed.contains(id) { return .failed }
        return previews.texture(id).map { .texture($0, final: false) }
    }

    func hasFinal(_ id: AssetID) -> Bool { finals.contains(id) || failed.contains(id) }

    /// The textures the caches hold, and their bytes (tiles may hold others).
    var cachedTextures: (count: Int, bytes: Int) {
        (finals.count + previews.count, finals.totalBytes + previews.totalBytes)
    }

    /// What the caches may hold at most, in bytes.
    var cacheBudget: Int { finals.budget + previews.budget }

    /// A tile showing `id` was bound.
    func request(_ id: AssetID, path: RawPath, mimeType: String) {
        if let w = wanted[id] {
            wanted[id] = (w.count + 1, w.target)
            return
        }
        let target = Target(id: id, path: path, mimeType: mimeType)
        wanted[id] = (1, target)
        bindOrder.append(id)
        if bindOrder.count > 4 * max(64, wanted.count) { bindOrder.removeAll { wanted[$0] == nil } }
        ensureJob(target)
        onRequestsChanged?()
        pump()
    }

    /// The tile showing `id` was unbound.
    func withdraw(_ id: AssetID) {
        guard let w = wanted[id] else { return }
        if w.count > 1 { wanted[id] = (w.count - 1, w.target); return }
        wanted[id] = nil
        dropIfUnneeded(id)
        onRequestsChanged?()
    }

    /// Its file changed: forgets what is known about `id` and, if a tile shows it, loads it again.
    func reload(_ id: AssetID, path: RawPath, mimeType: String) {
        finals.remove(id)
        previews.remove(id)
        failed.remove(id)
        let old = jobs[id]
        guard wanted[id] != nil || aheadSet.contains(id) else {
            if old?.inFlight == true { jobs[id]?.generation += 1 } else { jobs[id] = nil }
            return
        }
        var job = Job(target: Target(id: id, path: path, mimeType: mimeType), next: .full)
        job.inFlight = old?.inFlight ?? false
        job.generation = (old?.generation ?? 0) + 1
        jobs[id] = job
        pump()
    }

    /// A final thumbnail found without a worker (the shared cache, read in this process): kept
    /// and delivered as a worker's would be, and no request is sent for it.
    func accept(_ id: AssetID, pixels: TextureFactory.NativePixels) {
        guard !finals.contains(id), let texture = TextureFactory.texture(from: pixels) else { return }
        finals.insert(id, texture: texture, bytes: pixels.byteCount)
        previews.remove(id)
        failed.remove(id)
        if jobs[id]?.inFlight == false { jobs[id] = nil }
        onDelivery?(id, .texture(texture, final: true))
    }

    /// What is on screen, in reading order: loaded before anything else. An empty list
    /// means the viewport is unknown (bound tiles then go in the order they were bound).
    func setViewport(visible ids: [AssetID]) {
        visible = ids
        traceScreen()
        pump()
    }

    /// The next screens in the scroll direction, nearest first: loaded (full quality) once
    /// the screen is done. Replaces the previous prefetch; what it no longer names and no
    /// tile shows is cancelled.
    func prefetch(_ targets: [Target]) {
        let old = aheadSet
        ahead = targets.map(\.id)
        aheadSet = Set(ahead)
        for id in old where !aheadSet.contains(id) { dropIfUnneeded(id) }
        for target in targets { ensureJob(target) }
        pump()
    }

    /// JPEG, TIFF and camera RAW files may carry an EXIF preview.
    static func mayEmbedPreview(_ mime: String) -> Bool {
        mime == "image/jpeg" || mime == "image/tiff" || mime.hasPrefix("image/x-") && mime.contains("raw")
            || ["image/x-canon-cr2", "image/x-nikon-nef", "image/x-sony-arw", "image/x-adobe-dng"].contains(mime)
    }

    // MARK: Scheduling

    private func ensureJob(_ target: Target) {
        guard jobs[target.id] == nil, !hasFinal(target.id) else { return }
        // The quick pass looks in the shared cache and at the EXIF preview; other formats
        // have no preview, and the full request looks in the cache first anyway.
        let quick = Self.mayEmbedPreview(target.mimeType) && !previews.contains(target.id)
        jobs[target.id] = Job(target: target, next: quick ? .quick : .full)
    }

    /// Cancels the work for `id` when nothing wants it any more (a request in flight finishes
    /// and its result is kept).
    private func dropIfUnneeded(_ id: AssetID) {
        guard wanted[id] == nil, !aheadSet.contains(id), let job = jobs[id], !job.inFlight else { return }
        jobs[id] = nil
    }

    private func isWaiting(_ id: AssetID) -> Bool {
        guard let job = jobs[id] else { return false }
        return !job.inFlight
    }

    private func isWaitingQuick(_ id: AssetID) -> Bool { isWaiting(id) && jobs[id]?.next == .quick }

    /// The next asset to send a request for: on screen (every quick pass before any full
    /// one, so the whole screen shows something at once), then ahead, then (only without a
    /// viewport) the first bound tile still waiting.
    private func nextJob() -> AssetID? {
        if let id = visible.first(where: isWaitingQuick) ?? visible.first(where: isWaiting) { return id }
        if let id = ahead.first(where: isWaitingQuick) ?? ahead.first(where: isWaiting) { return id }
        guard visible.isEmpty else { return nil }
        return bindOrder.first { wanted[$0] != nil && isWaiting($0) }
    }

    private func pump() {
        while inFlight < concurrency, let id = nextJob(), var job = jobs[id] {
            job.inFlight = true
            jobs[id] = job
            inFlight += 1
            let kind = job.next, generation = job.generation
            let request = WorkerRequest(id: nextRequest, kind: kind, side: side, mimeType: job.target.mimeType,
                                        path: job.target.path)
            nextRequest += 1
            onRequestSent?(job.target, kind)
            let isVideo = MediaKind(mimeType: job.target.mimeType) == .video
            backend.make(request) { reply in
                // Pixels become GTK's own format here, on the reply's thread, not the main one.
                let prepared = reply.result.map { (TextureFactory.native($0.0, isVideo: isVideo), $0.1) }
                Task { @MainActor in self.finish(id, kind, generation, prepared) }
            }
        }
    }

    private typealias Prepared = Swift.Result<(TextureFactory.NativePixels, ThumbnailOrigin), MediaError>

    private func finish(_ id: AssetID, _ kind: WorkerRequest.Kind, _ generation: Int, _ reply: Prepared) {
        inFlight -= 1
        defer {
            pump()
            traceScreen()
        }
        guard var job = jobs[id] else { return }
        job.inFlight = false
        guard job.generation == generation else {  // reloaded meanwhile: ask again
            jobs[id] = job
            return dropIfUnneeded(id)
        }
        switch (kind, reply) {
        case (.full, .success(let (image, _))), (.quick, .success(let (image, .cache))):
            jobs[id] = nil
            guard let texture = TextureFactory.texture(from: image) else { return fail(id) }
            finals.insert(id, texture: texture, bytes: image.byteCount)
            previews.remove(id)
            onDelivery?(id, .texture(texture, final: true))
        case (_, .success(let (image, _))):  // the embedded preview: degraded, the real one follows
            job.next = .full
            jobs[id] = job
            dropIfUnneeded(id)
            guard let texture = TextureFactory.texture(from: image) else { return }
            previews.insert(id, texture: texture, bytes: image.byteCount)
            onDelivery?(id, .texture(texture, final: false))
        case (.full, .failure):
            jobs[id] = nil
            fail(id)
        case (_, .failure):  // no cached thumbnail and no preview: the real one follows
            job.next = .full
            jobs[id] = job
            dropIfUnneeded(id)
        }
    }

    private func fail(_ id: AssetID) {
        failed.insert(id)
        previews.remove(id)
        onDelivery?(id, .failed)
    }

    /// The tile side crossed into another thumbnail size: what is shown becomes the degraded
    /// pass, and every wanted asset is loaded again at the new size.
    private func resized() {
        for id in wanted.keys {
            if let (texture, bytes) = finals.take(id) { previews.insert(id, texture: texture, bytes: bytes) }
        }
        finals.removeAll()
        failed.removeAll()
        for (id, job) in jobs {
            jobs[id]?.next = .full
            if job.inFlight { jobs[id]?.generation += 1 }  // made for the old size: asked again
        }
        for (id, w) in wanted where jobs[id] == nil { jobs[id] = Job(target: w.target, next: .full) }
        pump()
    }

    // MARK: Tracing

    /// Traces the first moment every tile on screen shows something (`visible-previews`),
    /// and every one its final thumbnail (`visible-thumbnails`), with the tile count.
    private func traceScreen() {
        guard !visible.isEmpty, !tracedFinals else { return }
        if !tracedPreviews, visible.allSatisfy({ hasFinal($0) || previews.contains($0) }) {
            tracedPreviews = true
            Trace.mark("visible-previews \(visible.count)")
        }
        if visible.allSatisfy(hasFinal) {
            tracedFinals = true
            Trace.mark("visible-thumbnails \(visible.count)")
        }
    }
}
