import PhotoPickCore

/// 100,000 assets like a real library: ten years of bursts (several photos a minute, then
/// hours or days of nothing), 8% videos, mixed formats, some screenshots and favourites,
/// spread over 200 folders. Deterministic: the same seed gives the same library.
enum SyntheticLibrary {
    static let root = RawPath("/bench/Pictures")

    static func source(_ assets: [Asset]) -> FixtureAlbumSource {
        FixtureAlbumSource(assets: assets, roots: [root], now: assets.map(\.modified).max() ?? 0)
    }

    /// The same assets as a scan would report them (distinct inodes, no identifiers yet).
    static func discoveredFiles(_ assets: [Asset]) -> [DiscoveredFile] {
        assets.map { a in
            DiscoveredFile(path: a.path, root: root, mimeType: a.mimeType, kind: a.kind, sizeBytes: a.sizeBytes,
                           modified: a.modified, device: 1, inode: UInt64(a.id.rawValue), metadata: a.metadata)
        }
    }

    /// `perFolder` photos share a folder (500: 200 folders for 100k, 2,000 for a million).
    static func assets(count: Int = 100_000, perFolder: Int = 500, seed: UInt64 = 42) -> [Asset] {
        var random = SplitMix(seed: seed)
        let types = ["image/jpeg", "image/jpeg", "image/jpeg", "image/heic", "image/png", "image/gif", "image/webp"]
        var date = 1_420_070_400.0  // 2015-01-01
        var assets: [Asset] = []
        assets.reserveCapacity(count)
        for i in 0..<count {
            // Mostly seconds apart, sometimes hours, now and then days.
            let roll = random.next() % 100
            date += roll < 85 ? Double(random.next() % 120) : roll < 97 ? Double(random.next() % 20_000) : Double(random.next() % 400_000)
            let isVideo = random.next() % 100 < 8
            let mime = isVideo ? "video/mp4" : types[Int(random.next() % UInt64(types.count))]
            let folder = root.appending(component: Array("\(2015 + i * 10 / count)/Event \(i / perFolder)".utf8))
            let name = isVideo ? "VID_\(i).mp4" : "IMG_\(i).\(mime == "image/jpeg" ? "jpg" : String(mime.dropFirst(6)))"
            var metadata = AssetMetadata(pixelWidth: 4000, pixelHeight: random.next() % 50 == 0 ? 1500 : 3000,
                                         captureDate: CaptureDate(seconds: date, utcOffset: 3600), dateSource: .exif)
            metadata.rating = Int(random.next() % 6)
            metadata.isScreenshot = mime == "image/png" && random.next() % 2 == 0
            assets.append(Asset(id: AssetID(UInt32(i + 1)), path: folder.appending(component: Array(name.utf8)),
                                mimeType: mime, kind: isVideo ? .video : .photo,
                                sizeBytes: Int64(500_000 + random.next() % 8_000_000), modified: date,
                                albumID: .folder(folder), metadata: metadata))
        }
        return assets
    }
}

/// SplitMix64: a tiny deterministic generator (the bench must not depend on the tests' support code).
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
