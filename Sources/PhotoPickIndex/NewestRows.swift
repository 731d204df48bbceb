/// The `capacity` newest of a stream of dated rows, kept as they go by in a min-heap: one
/// comparison for most rows, and a row's bytes are copied only when it is among the newest
/// so far. SQLite's sorter, even bounded by `LIMIT`, builds a record of every row it is
/// offered: ranking a million rows that way took 0.75 s of CPU, reading them 0.16 s.
struct NewestRows {
    struct Row {
        let date: Double
        let folder: [UInt8]
        let name: [UInt8]
    }

    let capacity: Int
    /// A min-heap by date: the oldest kept row is at the top, the first to go.
    private var heap: [Row] = []

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        heap.reserveCapacity(self.capacity)
    }

    /// Whether a row of this date would be kept now (ties with the oldest kept are not: which
    /// of equal dates make the cut is arbitrary, as with `ORDER BY … LIMIT`). NaN never is.
    func admits(_ date: Double) -> Bool {
        guard !date.isNaN, capacity > 0 else { return false }
        return heap.count < capacity || date > heap[0].date
    }

    /// Keeps the row if `admits(date)`; its bytes are asked for only then.
    mutating func offer(_ date: Double, folder: () -> [UInt8], name: () -> [UInt8]) {
        guard admits(date) else { return }
        let row = Row(date: date, folder: folder(), name: name())
        if heap.count < capacity {
            heap.append(row)
            siftUp(heap.count - 1)
        } else {
            heap[0] = row
            siftDown(0)
        }
    }

    /// The rows kept, newest first.
    var newestFirst: [Row] { heap.sorted { $0.date > $1.date } }

    private mutating func siftUp(_ i: Int) {
        var child = i
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].date < heap[parent].date else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ i: Int) {
        var parent = i
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].date < heap[smallest].date { smallest = left }
            if right < heap.count, heap[right].date < heap[smallest].date { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
