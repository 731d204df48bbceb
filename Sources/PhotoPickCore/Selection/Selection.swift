/// The picked assets, in the order they were picked.
///
/// Independent of albums and collections, so it survives switching between them.
public struct Selection: Sendable, Equatable {
    private var stamps: [AssetID: UInt64] = [:]
    private var nextStamp: UInt64 = 0

    public init() {}

    public var count: Int { stamps.count }
    public var isEmpty: Bool { stamps.isEmpty }

    public func contains(_ id: AssetID) -> Bool { stamps[id] != nil }

    /// Picks `id` if it is not picked, and unpicks it if it is. Returns whether it is now picked.
    @discardableResult
    public mutating func toggle(_ id: AssetID) -> Bool {
        if stamps.removeValue(forKey: id) != nil { return false }
        insert(id)
        return true
    }

    public mutating func insert(_ id: AssetID) {
        guard stamps[id] == nil else { return }
        stamps[id] = nextStamp
        nextStamp += 1
    }

    public mutating func remove(_ id: AssetID) {
        stamps.removeValue(forKey: id)
    }

    public mutating func removeAll() { stamps.removeAll() }

    /// The picked assets in pick order.
    public var ordered: [AssetID] {
        stamps.sorted { $0.value < $1.value }.map(\.key)
    }
}
