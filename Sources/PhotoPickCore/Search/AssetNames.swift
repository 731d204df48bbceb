/// Every asset's file name, readable from any thread: a snapshot of the source's `NameTable`
/// that the name search runs on off the main thread while the source goes on changing.
/// Taking one copies nothing, and neither does the source adding assets afterwards.
///
/// An identifier the snapshot does not know has no name; one whose asset was deleted since
/// keeps the name it had (identifiers are never reused), which only a stale search reads.
public struct AssetNames: Sendable {
    private let store: NameStore
    private let count: Int

    init(store: NameStore, count: Int) {
        self.store = store
        self.count = count
    }

    /// The asset's name (as `Asset.name` has it), without copying the asset.
    func name(_ id: AssetID) -> String? { withName(id) { String(decoding: $0, as: UTF8.self) } }

    /// Runs `body` on the asset's name bytes; nil for an asset the snapshot does not have.
    @inline(__always)
    func withName<R>(_ id: AssetID, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        let i = Int(id.rawValue)
        guard i < count, store.flags[i] & NameStore.present != 0 else { return nil }
        let start = Int(store.starts[i])
        return body(UnsafeBufferPointer(start: store.bytes + start, count: Int(store.starts[i + 1]) - start))
    }

    /// The positions in `ids` (its own indices) of the assets whose names `search` matches,
    /// appended to `kept` in order: the search's loop, with the table's memory looked up once
    /// and nothing allocated per name. Stops early (returning false) when `isCancelled` says
    /// so; it is asked every 16,384 names.
    func collect(_ ids: ArraySlice<AssetID>, _ search: NameSearch, into kept: inout [Int],
                 isCancelled: () -> Bool) -> Bool {
        let bytes = store.bytes, starts = store.starts, flags = store.flags, count = self.count
        var n = 0
        for position in ids.indices {
            if n & 0x3FFF == 0, n > 0, isCancelled() { return false }
            n += 1
            let i = Int(ids[position].rawValue)
            guard i < count, flags[i] & NameStore.present != 0 else { continue }
            let start = Int(starts[i])
            let name = UnsafeBufferPointer(start: bytes + start, count: Int(starts[i + 1]) - start)
            if search.matches(name: name, isASCII: flags[i] & NameStore.ascii != 0) { kept.append(position) }
        }
        return true
    }
}
