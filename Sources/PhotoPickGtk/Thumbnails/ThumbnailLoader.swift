import CGtk
import Dispatch
import Foundation
import PhotoPickCore
import PhotoPickMedia

/// Loads tile thumbnails off the main thread, newest request first, and keeps a
/// byte-bounded cache of textures.
///
/// Tiles ask when they are bound and withdraw when unbound, so a fast scroll does not
/// queue work for tiles long gone: what is visible now is what gets decoded next.
/// Requests are counted: after a model change GTK may bind a second tile to an asset
/// before it unbinds the first, and the asset stays wanted until both let go.
@MainActor
final class ThumbnailLoader {
    enum Result { case texture(OpaquePointer), failed }
    typealias Delivery = @MainActor (AssetID, Result) -> Void

    private let decoder = ImageDecoder()
    private let size: Int
    private let maxConcurrent = max(1, ProcessInfo.processInfo.activeProcessorCount)
    private var inFlight = 0
    private var pending: [(AssetID, RawPath)] = []
    private var wanted: [AssetID: Int] = [:]
    private var failed: Set<AssetID> = []
    private let cache: TextureCache
    var onDelivery: Delivery?

    init(size: Int, cacheBytes: Int = 256 << 20) {
        self.size = size
        self.cache = TextureCache(budgetBytes: cacheBytes)
    }

    /// The cached result for `id`, if there is one.
    func cached(_ id: AssetID) -> Result? {
        if let t = cache.texture(id) { return .texture(t) }
        return failed.contains(id) ? .failed : nil
    }

    func request(_ id: AssetID, path: RawPath) {
        guard cached(id) == nil else { return }
        wanted[id, default: 0] += 1
        if wanted[id] == 1 { pending.append((id, path)) }
        pump()
    }

    func withdraw(_ id: AssetID) {
        guard let count = wanted[id] else { return }
        wanted[id] = count > 1 ? count - 1 : nil
    }

    private func pump() {
        while inFlight < maxConcurrent, let (id, path) = pending.popLast() {
            guard wanted[id] != nil, cached(id) == nil else { continue }
            inFlight += 1
            let decoder = self.decoder, size = self.size
            DispatchQueue.global(qos: .userInitiated).async {
                let image = try? decoder.decode(path, shorterSide: size)
                Task { @MainActor in self.finish(id, image) }
            }
        }
    }

    private func finish(_ id: AssetID, _ image: DecodedImage?) {
        inFlight -= 1
        if let image, let texture = TextureFactory.texture(from: image) {
            cache.insert(id, texture: texture, bytes: image.pixels.count)
            onDelivery?(id, .texture(texture))
        } else {
            failed.insert(id)
            onDelivery?(id, .failed)
        }
        pump()
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
        for (key, e) in victims where key != id {
            entries.removeValue(forKey: key)
            total -= e.bytes
            g_object_unref(raw(e.texture))  // widgets showing it hold their own reference
        }
    }
}
