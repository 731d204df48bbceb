/// Collects values and sends them on at most every `interval` seconds (the first at once,
/// unless `waitFirst`): each delivery costs the main thread a relayout, so a scan's
/// thousands of small batches reach it as a few large ones.
public struct Coalescer<Value: Sendable> {
    public var interval: Double
    private let empty: Value
    private let merge: (inout Value, Value) -> Void
    private var pending: Value
    private var hasPending = false
    private var last: ContinuousClock.Instant?
    /// How many values were sent so far.
    public private(set) var deliveries = 0
    /// From delivery `from` on (1 is the first), a pending value that reached `limit` (as
    /// `count` measures it) is sent at once, interval or not: a value held for a whole
    /// interval can be large (a second of a million-file listing is some 150,000 files, with
    /// their paths and metadata, resident on top of the library until sent).
    public var cap: (limit: Int, from: Int, count: (Value) -> Int)?

    public init(interval: Double, empty: Value, merge: @escaping (inout Value, Value) -> Void) {
        self.interval = interval
        self.empty = empty
        self.merge = merge
        pending = empty
    }

    /// Makes the first value wait a full interval too.
    public mutating func waitFirst() { last = .now }

    public mutating func add(_ value: Value, send: (Value) -> Void) {
        merge(&pending, value)
        hasPending = true
        if let cap, deliveries + 1 >= cap.from, cap.count(pending) >= cap.limit { return drain(send) }
        if let last, ContinuousClock.now - last < .seconds(interval) { return }
        drain(send)
    }

    /// Sends what is pending now, if anything.
    public mutating func drain(_ send: (Value) -> Void) {
        guard hasPending else { return }
        let out = pending
        pending = empty
        hasPending = false
        last = .now
        deliveries += 1
        send(out)
    }
}
