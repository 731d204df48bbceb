import CGtk
import Foundation
import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem

/// Loads tile thumbnails off the main thread, keeping byte-bounded caches of textures.
///
/// Each photo comes in two passes, like PhotoKit's degraded-then-final delivery: a quick
/// pass (the valid thumbnail in the shared cache, which is final; else the small preview
/// embedded in the EXIF, which is not), then, if needed, the real thumbnail made by a worker.
///
/// Which request goes next is `ThumbnailSchedule`'s decision (GTK-free, unit-tested in
/// PhotoPickMediaTests); this class turns its requests into worker calls and its replies into
/// textures, cached and delivered to the tiles.
@MainActor
final class ThumbnailLoader {
    enum Result {
        case texture(Gdk.Texture, final: Bool)
        case failed
    }
    typealias Delivery = @MainActor (AssetID, Result) -> Void
    typealias Target = ThumbnailTarget

    private let backend: any ThumbnailBackend
    /// Where quick passes look first, in this process (nil: the backend does it).
    private let cacheReader: CachedThumbnailReader?
    private var schedule: ThumbnailSchedule!
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
    /// Called once, the first time every tile on screen shows its final thumbnail.
    var onFirstScreen: (() -> Void)?
    /// Called as each request goes to the backend (a worker), for tracing.
    var onRequestSent: ((Target, WorkerRequest.Kind) -> Void)?

    init(side: Int, backend: any ThumbnailBackend = ThumbnailBackends.best(), cacheBytes: Int = 64 << 20,
         sharedCache: FreedesktopThumbnailCache? = .standard()) {
        self.side = side
        self.backend = backend
        // 2–4 reads at once (one per core within that): a warm first screen is all cache hits.
        cacheReader = sharedCache.map {
            CachedThumbnailReader(cache: $0, threads: min(4, max(2, ProcessInfo.processInfo.activeProcessorCount)))
        }
        // Twice the workers: each has its next request waiting in its pipe, so workers keep
        // going while the main thread is busy (a big scan batch, a layout) and cannot reply.
        finals = TextureCache(budgetBytes: cacheBytes)
        previews = TextureCache(budgetBytes: max(4 << 20, cacheBytes / 4))
        schedule = ThumbnailSchedule(capacity: 2 * max(1, backend.concurrency),
                                     settled: { [unowned self] in self.hasFinal($0) },
                                     hasPreview: { [unowned self] in self.previews.contains($0) })
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
        guard schedule.bind(Target(id: id, path: path, mimeType: mimeType)) else { return }
        onRequestsChanged?()
        pump()
    }

    /// The tile showing `id` was unbound.
    func withdraw(_ id: AssetID) {
        guard schedule.unbind(id) else { return }
        onRequestsChanged?()
    }

    /// Its file changed: forgets what is known about `id` and, if a tile shows it, loads it again.
    func reload(_ id: AssetID, path: RawPath, mimeType: String) {
        finals.remove(id)
        previews.remove(id)
        failed.remove(id)
        schedule.reload(Target(id: id, path: path, mimeType: mimeType))
        pump()
    }

    /// A final thumbnail found without a worker (the shared cache, read in this process): kept
    /// and delivered as a worker's would be, and no request is sent for it.
    func accept(_ id: AssetID, pixels: TextureFactory.NativePixels) {
        guard !finals.contains(id), let texture = TextureFactory.texture(from: pixels) else { return }
        finals.insert(id, texture: texture, bytes: pixels.byteCount)
        previews.remove(id)
        failed.remove(id)
        schedule.satisfied(id)
        onDelivery?(id, .texture(texture, final: true))
    }

    /// What is on screen, in reading order: loaded before anything else. An empty list
    /// means the viewport is unknown (bound tiles then go in the order they were bound).
    func setViewport(visible ids: [AssetID]) {
        schedule.setViewport(ids)
        noteScreen()
        pump()
    }

    /// The next screens in the scroll direction, nearest first: loaded (full quality) once
    /// the screen is done. Replaces the previous prefetch; what it no longer names and no
    /// tile shows is cancelled.
    func prefetch(_ targets: [Target]) {
        schedule.prefetch(targets)
        pump()
    }

    // MARK: Requests and replies

    private func pump() {
        for dispatch in schedule.take() {
            if dispatch.kind == .quick, let cacheReader {
                readCached(dispatch, cacheReader)
            } else {
                send(dispatch, as: dispatch.kind)
            }
        }
    }

    private func send(_ dispatch: ThumbnailSchedule.Dispatch, as kind: WorkerRequest.Kind) {
        onRequestSent?(dispatch.target, kind)
        make(request(for: dispatch, as: kind), for: dispatch, backend: backend)
    }

    /// The worker request for `dispatch`, numbered.
    private func request(for dispatch: ThumbnailSchedule.Dispatch, as kind: WorkerRequest.Kind) -> WorkerRequest {
        let target = dispatch.target
        defer { nextRequest += 1 }
        return WorkerRequest(id: nextRequest, kind: kind, side: side, mimeType: target.mimeType, path: target.path)
    }

    /// Sends `request` to `backend` (from any thread); its reply finishes `dispatch` on the main thread.
    private nonisolated func make(_ request: WorkerRequest, for dispatch: ThumbnailSchedule.Dispatch,
                                  backend: any ThumbnailBackend) {
        let isVideo = MediaKind(mimeType: dispatch.target.mimeType) == .video
        backend.make(request) { reply in
            // Pixels become GTK's own format here, on the reply's thread, not the main one.
            let prepared = reply.result.map { (TextureFactory.native($0.0, isVideo: isVideo), $0.1) }
            MainQueueBridge.post { self.finish(dispatch, prepared) }
        }
    }

    /// A quick pass starts in this process: a thumbnail in the shared cache is a small PNG,
    /// read and decoded in parallel off the main thread, with no worker round trip and no
    /// wait behind a worker's decode (a warm first screen is all cache hits). A miss asks a
    /// worker for the embedded preview straight from the read's thread, not through a main
    /// thread that may be busy with a scan batch.
    private func readCached(_ dispatch: ThumbnailSchedule.Dispatch, _ reader: CachedThumbnailReader) {
        let target = dispatch.target, backend = self.backend
        let onMiss = request(for: dispatch, as: .preview)
        reader.readTile(target.path, tileSide: side, isVideo: MediaKind(mimeType: target.mimeType) == .video) { pixels in
            guard let pixels else {
                MainQueueBridge.post { self.onRequestSent?(target, .preview) }
                return self.make(onMiss, for: dispatch, backend: backend)
            }
            MainQueueBridge.post { self.finish(dispatch, .success((pixels, .cache))) }
        }
    }

    private typealias Prepared = Swift.Result<(TextureFactory.NativePixels, ThumbnailOrigin), MediaError>

    private func finish(_ dispatch: ThumbnailSchedule.Dispatch, _ reply: Prepared) {
        Trace.span("thumbnail-finish") { finishNow(dispatch, reply) }  // named in a stall (PHOTOPICK_TRACE=1)
    }

    private func finishNow(_ dispatch: ThumbnailSchedule.Dispatch, _ reply: Prepared) {
        defer {
            pump()
            noteScreen()
        }
        let id = dispatch.target.id
        let outcome: ThumbnailSchedule.Outcome
        switch (dispatch.kind, reply) {
        case (.full, .success), (.quick, .success((_, .cache))): outcome = .final
        case (_, .success): outcome = .degraded  // the embedded preview: the real one follows
        case (.full, .failure): outcome = .failed
        case (_, .failure): outcome = .missed  // no cached thumbnail and no preview
        }
        guard schedule.finish(dispatch, outcome) else { return }  // stale: asked again meanwhile
        switch (outcome, reply) {
        case (.failed, _):
            fail(id)
        case (.final, .success(let (image, _))):
            guard let texture = TextureFactory.texture(from: image) else { return fail(id) }
            finals.insert(id, texture: texture, bytes: image.byteCount)
            previews.remove(id)
            onDelivery?(id, .texture(texture, final: true))
        case (.degraded, .success(let (image, _))):
            guard let texture = TextureFactory.texture(from: image) else { return }
            previews.insert(id, texture: texture, bytes: image.byteCount)
            onDelivery?(id, .texture(texture, final: false))
        default:
            break  // missed: the full pass is queued
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
        for id in schedule.wantedIDs {
            if let (texture, bytes) = finals.take(id) { previews.insert(id, texture: texture, bytes: bytes) }
        }
        finals.removeAll()
        failed.removeAll()
        schedule.resize()
        pump()
    }

    // MARK: The first screen

    /// Traces the first moment every tile on screen shows something (`visible-previews`),
    /// and every one its final thumbnail (`visible-thumbnails`, with the tile count, when
    /// `onFirstScreen` is called).
    private func noteScreen() {
        let visible = schedule.visible
        guard !visible.isEmpty, !tracedFinals else { return }
        if !tracedPreviews, visible.allSatisfy({ hasFinal($0) || previews.contains($0) }) {
            tracedPreviews = true
            Trace.mark("visible-previews \(visible.count)")
        }
        if visible.allSatisfy(hasFinal) {
            tracedFinals = true
            Trace.mark("visible-thumbnails \(visible.count)")
            TraceMemory.mark("first-screen")
            onFirstScreen?()
        }
    }
}
