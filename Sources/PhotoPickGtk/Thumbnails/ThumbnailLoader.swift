import CGtk
import Foundation
import PhotoPickCore
import PhotoPickMedia

/// Loads tile thumbnails off the main thread, newest request first, keeping a byte-bounded
/// cache of textures.
///
/// Each photo comes in two passes, like PhotoKit's degraded-then-final delivery: the small
/// preview embedded in its EXIF (instant), then the real thumbnail from the shared cache or
/// a worker. Tiles ask when bound and withdraw when unbound, so a fast scroll does not
/// queue work for tiles long gone: what is visible now is decoded next. Requests are
/// counted: after a model change GTK may bind a second tile to an asset before it unbinds
/// the first, and the asset stays wanted until both let go.
@MainActor
final class ThumbnailLoader {
    enum Result {
        case texture(OpaquePointer, final: Bool)
        case failed
    }
    typealias Delivery = @MainActor (AssetID, Result) -> Void

    private let backend: any ThumbnailBackend
    private var inFlight = 0
    private var pending: [(AssetID, WorkerRequest.Kind, RawPath, String)] = []
    private var wanted: [AssetID: Int] = [:]
    private var failed: Set<AssetID> = []
    private let finals: TextureCache
    private let previews: TextureCache
    private var nextRequest: UInt64 = 1
    /// The tile side in device pixels that thumbnails are made for.
    var side: Int
    var onDelivery: Delivery?

    init(side: Int, backend: any ThumbnailBackend = ThumbnailBackends.best(), cacheBytes: Int = 256 << 20) {
        self.side = side
        self.backend = backend
        finals = TextureCache(budgetBytes: cacheBytes)
        previews = TextureCache(budgetBytes: cacheBytes / 4)
    }

    /// The best result so far for `id`, if any.
    func cached(_ id: AssetID) -> Result? {
        if let t = finals.texture(id) { return .texture(t, final: true) }
        if failed.contains(id) { return .failed }
        return previews.texture(id).map { .texture($0, final: false) }
    }

    func hasFinal(_ id: AssetID) -> Bool { finals.texture(id) != nil || failed.contains(id) }

    func request(_ id: AssetID, path: RawPath, mimeType: String) {
        guard !hasFinal(id) else { return }
        wanted[id, default: 0] += 1
        guard wanted[id] == 1 else { return }
        // A stack: the preview (pushed last) runs first, then the real thumbnail.
        pending.append((id, .full, path, mimeType))
        if previews.texture(id) == nil, Self.mayEmbedPreview(mimeType) { pending.append((id, .preview, path, mimeType)) }
        pump()
    }

    /// Its file changed: forgets what is known about `id` and, if a tile shows it, loads it again.
    func reload(_ id: AssetID, path: RawPath, mimeType: String) {
        finals.remove(id)
        previews.remove(id)
        failed.remove(id)
        guard wanted[id] != nil else { return }
        pending.append((id, .full, path, mimeType))
        pump()
    }

    func withdraw(_ id: AssetID) {
        guard let count = wanted[id] else { return }
        wanted[id] = count > 1 ? count - 1 : nil
    }

    /// JPEG, TIFF and camera RAW files may carry an EXIF preview.
    static func mayEmbedPreview(_ mime: String) -> Bool {
        mime == "image/jpeg" || mime == "image/tiff" || mime.hasPrefix("image/x-") && mime.contains("raw")
            || ["image/x-canon-cr2", "image/x-nikon-nef", "image/x-sony-arw", "image/x-adobe-dng"].contains(mime)
    }

    private func pump() {
        while inFlight < backend.concurrency, let (id, kind, path, mime) = pending.popLast() {
            guard wanted[id] != nil, !hasFinal(id) else { continue }
            inFlight += 1
            let request = WorkerRequest(id: nextRequest, kind: kind, side: side, mimeType: mime, path: path)
            nextRequest += 1
            backend.make(request) { reply in
                Task { @MainActor in self.finish(id, kind, reply) }
            }
        }
    }

    private func finish(_ id: AssetID, _ kind: WorkerRequest.Kind, _ reply: WorkerReply) {
        inFlight -= 1
        defer { pump() }
        switch (kind, reply.result) {
        case (.preview, .success(let (image, _))):
            guard !hasFinal(id), let texture = TextureFactory.texture(from: image) else { return }
            previews.insert(id, texture: texture, bytes: image.pixels.count)
            onDelivery?(id, .texture(texture, final: false))
        case (.preview, .failure):
            return  // no preview: the real thumbnail follows
        case (.full, .success(let (image, _))):
            guard let texture = TextureFactory.texture(from: image) else { fallthrough }
            finals.insert(id, texture: texture, bytes: image.pixels.count)
            previews.remove(id)
            onDelivery?(id, .texture(texture, final: true))
        case (.full, .failure):
            failed.insert(id)
            previews.remove(id)
            onDelivery?(id, .failed)
        }
    }
}

/// Textures by asset, dropping the least recently used past a byte budget.
@MainActor
final class TextureCache {
    private var entries: [AssetID: (texture: OpaquePointer, bytes: Int, used: UInt64)] = [:]
    private var clock: UInt64 = 0
    private var total = 0
    private let budget: Int

    init(budgetBytes: Int) { budget = budgetBytes }

    func texture(_ id: AssetID) -> OpaquePointer? {
        guard var e = entries[id] else { return nil }
        clock += 1
        e.used = clock
        entries[id] = e
        return e.texture
    }

    func remove(_ id: AssetID) {
        guard let e = entries.removeValue(forKey: id) else { return }
        total -= e.bytes
        g_object_unref(raw(e.texture))
    }

    func insert(_ id: AssetID, texture: OpaquePointer, bytes: Int) {
        clock += 1
        if let old = entries.updateValue((texture, bytes, clock), forKey: id) {
            total -= old.bytes
            g_object_unref(raw(old.texture))
        }
        total += bytes
        guard total > budget else { return }
        // Evict the oldest quarter at once so eviction stays rare.
        let victims = entries.sorted { $0.value.used < $1.value.used }.prefix(max(1, entries.count / 4))
        for (key, _) in victims where key != id { remove(key) }  // widgets showing it hold their own reference
    }
}
