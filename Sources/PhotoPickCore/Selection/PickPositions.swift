/// Where each picked asset stands in pick order, by identifier.
///
/// Sources hand out identifiers densely from 1, so this is a flat array indexed by them:
/// Select All on a million assets asks and sets a million positions, which a dictionary
/// (hashing, rehashing as it grows) made twenty times slower. An identifier too large for
/// the array (no source hands one out today) goes to a dictionary instead.
struct PickPositions: Sendable {
    /// The position of the asset with each identifier; -1 when it is not picked.
    private var dense: [Int32] = []
    private var sparse: [AssetID: Int] = [:]
    /// Identifiers below this live in `dense` (at most 16 MB of it).
    static let denseLimit = 1 << 22

    init() {}

    /// The positions of `ids`, in that order.
    init(_ ids: [AssetID]) {
        for (i, id) in ids.enumerated() { self[id] = i }
    }

    subscript(id: AssetID) -> Int? {
        get {
            let i = Int(id.rawValue)
            guard i < Self.denseLimit else { return sparse[id] }
            guard i < dense.count else { return nil }
            let position = dense[i]
            return position < 0 ? nil : Int(position)
        }
        set {
            let i = Int(id.rawValue)
            guard i < Self.denseLimit else { sparse[id] = newValue; return }
            if i >= dense.count {
                guard newValue != nil else { return }
                dense.append(contentsOf: repeatElement(-1, count: i + 1 - dense.count))
            }
            dense[i] = newValue.map(Int32.init) ?? -1
        }
    }

    mutating func removeAll() {
        dense = []
        sparse = [:]
    }
}
