/// The files a pick hands back, after `--pairs` has chosen among each pair's files.
public struct HandedBack: Sendable, Hashable {
    public let asset: Asset
    /// The pair the file came from, for the JSON formats' `pair` object; nil for a single file.
    public let pair: PairFiles?
}

/// A pair as output describes it: its kind and its files, still first.
public struct PairFiles: Sendable, Hashable {
    public let kind: PairKind
    public let files: [RawPath]
}
