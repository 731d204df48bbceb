import PhotoPickCore

/// What pairing costs the model: a million photos added as a scan adds them, one in ten with
/// a companion beside it (a Live Photo's .MOV or a RAW+JPEG's .DNG, alternately), against the
/// same files whose companions' types make no pair (an MP4, a PNG), run in the same process.
/// The difference is the pair table's work: a type check per asset, a few path lookups per
/// companion, and the companions taken out of the albums.
enum MillionPairsBench {
    static func run(_ assets: [Asset], _ table: inout BenchTable) {
        let paired = files(assets, pairing: true), unpaired = files(assets, pairing: false)
        var pairs = 0
        let reference = BenchTable.median(runs: 3) { blackHole(add(unpaired)) }
        let ms = BenchTable.median(runs: 3) {
            let library = add(paired)
            pairs = library.albums[0].assetIDs.count - assets.count
            blackHole(library)
        }
        table.add(section: MillionModelBench.section, "model: add 1M + 100k pair companions + albums", ms: ms,
                  reference: reference, target: .ratioAtMost(1.25),
                  note: "reference: the same files, companions of types that make no pair; \(pairs == 0 ? "every companion paired" : "\(pairs) unpaired!")")
    }

    private static func add(_ files: [[DiscoveredFile]]) -> PhotoLibrary {
        let library = PhotoLibrary(roots: [SyntheticLibrary.root], now: { 1_735_689_600 })
        for batch in files { library.add(batch) }
        blackHole(library.albums)
        return library
    }

    /// The photos in batches of 10,000, every tenth still (a JPEG) followed by its companion.
    private static func files(_ assets: [Asset], pairing: Bool) -> [[DiscoveredFile]] {
        let discovered = SyntheticLibrary.discoveredFiles(assets)
        var out: [DiscoveredFile] = []
        out.reserveCapacity(discovered.count + discovered.count / 10)
        var inode = UInt64(discovered.count) + 1
        for (i, file) in discovered.enumerated() {
            out.append(file)
            guard i % 10 == 0, file.mimeType == "image/jpeg", let stem = stem(file.path.lastComponentBytes) else { continue }
            let live = (i / 10) % 2 == 0
            let ext = live ? ".MOV" : ".DNG"
            let mime = pairing ? (live ? "video/quicktime" : "image/x-adobe-dng") : (live ? "video/mp4" : "image/png")
            inode += 1
            out.append(DiscoveredFile(path: file.path.parent.appending(component: stem + Array(ext.utf8)), root: file.root,
                                      mimeType: mime, kind: live ? .video : .photo, sizeBytes: file.sizeBytes,
                                      modified: file.modified, device: file.device, inode: inode,
                                      // A Live Photo's motion is about 3 s: short enough to pair by name.
                                      metadata: AssetMetadata(durationSeconds: live ? 3 : nil)))
        }
        return stride(from: 0, to: out.count, by: 10_000).map { Array(out[$0..<min(out.count, $0 + 10_000)]) }
    }

    private static func stem(_ name: some Collection<UInt8>) -> [UInt8]? {
        let bytes = Array(name)
        guard let dot = bytes.lastIndex(of: 0x2E), dot > 0 else { return nil }
        return Array(bytes[..<dot])
    }
}
