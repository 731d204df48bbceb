/// Which files each pick hands back, and how output describes a pair.
public enum PairHandback {
    /// `picked` (in pick order) as the files `choice` asks for: each pick's files together,
    /// still first. A companion picked on its own (its pair broke while the window was open)
    /// is handed back as itself.
    public static func files(_ picked: [Asset], choice: PairsChoice, source: some AlbumSource) -> [HandedBack] {
        var out: [HandedBack] = []
        out.reserveCapacity(picked.count)
        // A companion picked on its own (`--select` named it) and its still: each file once.
        var seen = Set<AssetID>()
        for asset in picked {
            let item = described(asset, source: source)
            guard let files = item.pair, let pair = source.pair(of: asset.id) else {
                if seen.insert(asset.id).inserted { out.append(item) }
                continue
            }
            let companion = pair.companion.flatMap(source.asset)
            for chosen in chosen(still: asset, companion: companion, kind: pair.kind, choice: choice)
            where seen.insert(chosen.id).inserted {
                out.append(HandedBack(asset: chosen, pair: files))
            }
        }
        return out
    }

    /// `asset` as a listing shows it: itself, with its pair described when it is a pair's still.
    public static func described(_ asset: Asset, source: some AlbumSource) -> HandedBack {
        guard let pair = source.pair(of: asset.id), pair.still == asset.id else { return HandedBack(asset: asset, pair: nil) }
        let companion = pair.companion.flatMap(source.asset)
        return HandedBack(asset: asset, pair: PairFiles(kind: pair.kind, files: [asset.path] + (companion.map { [$0.path] } ?? [])))
    }

    private static func chosen(still: Asset, companion: Asset?, kind: PairKind, choice: PairsChoice) -> [Asset] {
        guard let companion else { return [still] }
        switch (choice, kind) {
        case (.still, _): return [still]
        case (.raw, .raw), (.video, .live): return [companion]
        case (.raw, _), (.video, _): return [still]
        case (.all, _): return [still, companion]
        }
    }
}
