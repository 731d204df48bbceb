/// What the verifying pass of a two-pass scan learnt.
public struct ScanRefinement: Sendable, Hashable {
    /// Files the listing pass delivered by name, now with their sniffed type and metadata.
    public var updated: [DiscoveredFile] = []
    /// Files whose names did not say media but whose content does.
    public var added: [DiscoveredFile] = []
    /// Files the listing pass delivered that are not media after all, or no longer readable.
    public var removed: [RawPath] = []

    public init(updated: [DiscoveredFile] = [], added: [DiscoveredFile] = [], removed: [RawPath] = []) {
        self.updated = updated
        self.added = added
        self.removed = removed
    }

    public var count: Int { updated.count + added.count + removed.count }
    public var isEmpty: Bool { count == 0 }

    public mutating func merge(_ other: ScanRefinement) {
        updated += other.updated
        added += other.added
        removed += other.removed
    }
}
