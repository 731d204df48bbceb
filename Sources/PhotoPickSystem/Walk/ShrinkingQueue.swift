import Glibc

/// A list handed out from the front in rounds whose memory goes as it is handed out: the
/// verifying pass of a first scan holds a million candidates (40 MB) for minutes, and a plain
/// array keeps all of them resident until the last one is read.
///
/// The elements are stored back to front, so a round is taken from the array's end
/// (`removeLast` moves nothing), and the whole pages past the elements left are handed back to
/// the system (`madvise(MADV_DONTNEED)`: that part of the storage holds no element any more).
/// Copying what is left into a smaller array instead would hold both copies at once, a peak
/// above the list's own size in the middle of the pass.
struct ShrinkingQueue<Element> {
    /// Remaining elements, the next one last.
    private var storage: [Element] = []
    /// Bytes from the storage's start past which its pages were handed back (or never used).
    private var releasedFrom: Int
    /// Pages are handed back this many bytes at a time (one system call per megabyte).
    private let step: Int

    /// Takes `items` (left empty), to be handed out in their order; their storage is reused.
    init(taking items: inout [Element], step: Int = 1 << 20) {
        swap(&storage, &items)
        storage.reverse()  // in place: the storage is this queue's alone
        releasedFrom = storage.capacity * MemoryLayout<Element>.stride
        self.step = step
    }

    var count: Int { storage.count }
    var isEmpty: Bool { storage.isEmpty }
    /// Bytes of storage whose pages were handed back so far.
    var releasedBytes: Int { storage.capacity * MemoryLayout<Element>.stride - releasedFrom }

    /// The next `n` elements (fewer at the end), in order.
    mutating func next(_ n: Int) -> [Element] {
        let k = min(max(n, 0), storage.count)
        let round = Array(storage.suffix(k).reversed())
        storage.removeLast(k)  // keeps the storage: nothing is copied
        releaseUnusedPages()
        return round
    }

    /// The address of the storage's first element (the storage exists as long as the queue).
    func withStorageStart<R>(_ body: (UnsafeRawPointer?) -> R) -> R {
        storage.withUnsafeBufferPointer { body($0.baseAddress.map(UnsafeRawPointer.init)) }
    }

    private mutating func releaseUnusedPages() {
        let used = storage.count * MemoryLayout<Element>.stride
        guard releasedFrom - used >= step || (storage.isEmpty && releasedFrom > 0) else { return }
        let end = releasedFrom
        releasedFrom = used
        storage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let start = UnsafeMutableRawPointer(base) + used, stop = UnsafeMutableRawPointer(base) + end
            let first = (Int(bitPattern: start) + page - 1) / page * page, last = Int(bitPattern: stop) / page * page
            guard last > first, let from = UnsafeMutableRawPointer(bitPattern: first) else { return }
            _ = madvise(from, last - first, MADV_DONTNEED)  // advice: failing frees nothing, and breaks nothing
        }
    }
}
