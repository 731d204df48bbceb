/// A list handed out from the front in rounds whose memory goes as it is handed out: the
/// verifying pass of a first scan holds a million candidates (about 55 MB) for minutes, and
/// a plain array keeps all of them until the last one is read.
///
/// The elements are stored back to front, so a round is taken from the array's end
/// (`removeLast` moves nothing); when at most half the storage is in use it is copied into a
/// smaller one. The copy never needs more than the storage it replaces, so the list's memory
/// only falls, and each element is copied about once more in all.
struct ShrinkingQueue<Element> {
    /// Remaining elements, the next one last.
    private var storage: [Element] = []
    /// Below this many slots the storage is kept as it is (a copy would free nothing worth it).
    private let smallest: Int

    /// Takes `items` (left empty), to be handed out in their order; their storage is reused.
    init(taking items: inout [Element], smallest: Int = 4096) {
        swap(&storage, &items)
        storage.reverse()  // in place: the storage is this queue's alone
        self.smallest = smallest
    }

    var count: Int { storage.count }
    var isEmpty: Bool { storage.isEmpty }
    /// Slots the storage has room for, used or not (what it costs).
    var capacity: Int { storage.capacity }

    /// The next `n` elements (fewer at the end), in order.
    mutating func next(_ n: Int) -> [Element] {
        let k = min(max(n, 0), storage.count)
        let round = Array(storage.suffix(k).reversed())
        storage.removeLast(k)
        if storage.capacity > smallest, storage.count <= storage.capacity / 2 {
            var smaller: [Element] = []
            smaller.reserveCapacity(storage.count)
            smaller.append(contentsOf: storage)
            storage = smaller
        }
        return round
    }
}
