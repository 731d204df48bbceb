/// Every asset's path, readable from any thread: a snapshot the name search runs on off
/// the main thread while the source goes on changing. Taking one is cheap (the source's
/// tables are copy-on-write; nothing is copied until the source changes).
public struct AssetNames: Sendable {
    private let lookup: @Sendable (AssetID) -> RawPath?

    public init(_ lookup: @escaping @Sendable (AssetID) -> RawPath?) { self.lookup = lookup }

    /// The asset's name (as `Asset.name` has it), without copying the asset.
    func name(_ id: AssetID) -> String? { lookup(id).map(\.lastComponent) }

    /// Runs `body` on the asset's name bytes; nil for an asset the snapshot does not have.
    func withName<R>(_ id: AssetID, _ body: (ArraySlice<UInt8>) -> R) -> R? {
        guard let path = lookup(id) else { return nil }
        return body(path.lastComponentBytes)
    }
}
