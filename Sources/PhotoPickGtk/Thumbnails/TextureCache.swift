import CGtk
import PhotoPickCore

/// Textures by asset, dropping the least recently used past a byte budget. A tile showing
/// a dropped texture keeps it alive through its own reference, but only near the viewport
/// (tiles farther off let go: DistantTiles.swift); the budget bounds what is
/// kept for tiles that may come back.
@MainActor
final class TextureCache {
    private var entries: [AssetID: (texture: Gdk.Texture, bytes: Int, used: UInt64)] = [:]
    private var clock: UInt64 = 0
    private(set) var totalBytes = 0
    let budget: Int

    init(budgetBytes: Int) { budget = budgetBytes }

    /// The texture for `id`, marked as just used.
    func texture(_ id: AssetID) -> Gdk.Texture? {
        guard var e = entries[id] else { return nil }
        clock += 1
        e.used = clock
        entries[id] = e
        return e.texture
    }

    /// Whether `id` is cached, without touching its place in the eviction order.
    func contains(_ id: AssetID) -> Bool { entries[id] != nil }

    var count: Int { entries.count }

    func remove(_ id: AssetID) {
        guard let e = entries.removeValue(forKey: id) else { return }
        totalBytes -= e.bytes
    }

    /// Takes `id` out, with the cache's reference.
    func take(_ id: AssetID) -> (texture: Gdk.Texture, bytes: Int)? {
        guard let e = entries.removeValue(forKey: id) else { return nil }
        totalBytes -= e.bytes
        return (e.texture, e.bytes)
    }

    func removeAll() {
        for id in Array(entries.keys) { remove(id) }
    }

    /// Adds `texture`, held until it is evicted or removed.
    func insert(_ id: AssetID, texture: Gdk.Texture, bytes: Int) {
        clock += 1
        if let old = entries.updateValue((texture, bytes, clock), forKey: id) { totalBytes -= old.bytes }
        totalBytes += bytes
        guard totalBytes > budget else { return }
        // Evict the oldest quarter at once so eviction stays rare.
        let victims = entries.sorted { $0.value.used < $1.value.used }.prefix(max(1, entries.count / 4))
        for (key, _) in victims where key != id { remove(key) }
    }
}
