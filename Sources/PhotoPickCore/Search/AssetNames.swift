/// Every asset's file name as raw bytes, readable from any thread: a snapshot the name
/// search runs on off the main thread while the source goes on changing. Taking one is
/// cheap (the source's tables are copy-on-write; nothing is copied until it changes).
public struct AssetNames: Sendable {
    private let lookup: @Sendable (AssetID) -> Asset?

    public init(_ lookup: @escaping @Sendable (AssetID) -> Asset?) { self.lookup = lookup }

    /// The asset's name bytes; nil for an asset the snapshot does not have.
    func withName<R>(_ id: AssetID, _ body: (ArraySlice<UInt8>) -> R) -> R? {
        guard let asset = lookup(id) else { return nil }
        return body(asset.path.lastComponentBytes)
    }
}
