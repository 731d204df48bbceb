/// An exported file as the picker answers with it: the original's asset with the new path,
/// size and type, and what the export changed (upright, smaller, tags removed), so the asset
/// object tells the truth about the file handed back; `original_path`/`original_uri` name
/// the photo it came from.
public enum ExportedAsset {
    /// The exported files with their originals, in pick order (failed files are left out).
    public static func pairs(_ report: ExportReport, originals: [Asset], settings: ExportSettings)
        -> [(exported: Asset, original: Asset)] {
        var byPath: [RawPath: Asset] = [:]
        for asset in originals { byPath[asset.path] = asset }
        return report.outcomes.compactMap { outcome in
            guard case .exported(let path, let bytes) = outcome.result, let original = byPath[outcome.source] else { return nil }
            return (make(original, path: path, bytes: bytes, settings: settings), original)
        }
    }

    public static func make(_ original: Asset, path: RawPath, bytes: Int64, settings: ExportSettings) -> Asset {
        var meta = original.metadata
        if original.kind == .photo {
            // Written upright, at most maxSize on the long side: the exact size is the encoder's
            // rounding, so a resized export says nothing rather than something a pixel off.
            if let size = meta.displaySize {
                let resized = settings.maxSize.map { max(size.width, size.height) > $0 } ?? false
                meta.pixelWidth = resized ? nil : size.width
                meta.pixelHeight = resized ? nil : size.height
            }
            meta.orientation = 1
        }
        if settings.removesLocation { meta.location = nil }
        if settings.removesMetadata {
            meta.cameraMake = nil
            meta.cameraModel = nil
            meta.captureDate = nil
            meta.rating = nil
        }
        let mime = MediaTypeByName.guess(Array(path.lastComponentBytes)) ?? original.mimeType
        return Asset(id: original.id, path: path, mimeType: mime, kind: original.kind, sizeBytes: bytes,
                     modified: original.modified, albumID: original.albumID, metadata: meta)
    }

    /// The asset object of an export, with `original_path` and `original_uri` added.
    public static func object(_ exported: Asset, original: Asset, album: String?, selectionIndex: Int?) -> JSONValue {
        guard case .object(var members) = AssetFormatter().object(exported, album: album, selectionIndex: selectionIndex)
        else { return .null }
        members.append(("original_path", .bytes(original.path.bytes)))
        members.append(("original_uri", .string(FileURI.encode(original.path))))
        return .object(members)
    }
}

extension ExportedAsset {
    /// stdout for exported picks: the new files in every format, and in JSON each object
    /// with `original_path`/`original_uri` (the same objects as the response's `assets`).
    public static func render(_ pairs: [(exported: Asset, original: Asset)], as spec: OutputSpec,
                              albumTitle: (Asset) -> String?) -> [UInt8] {
        func object(_ i: Int) -> JSONValue {
            Self.object(pairs[i].exported, original: pairs[i].original, album: albumTitle(pairs[i].original), selectionIndex: i)
        }
        switch spec {
        case .format(.json): return JSONValue.array(pairs.indices.map(object)).pretty() + [0x0A]
        case .format(.jsonl): return pairs.indices.flatMap { object($0).serialized() + [0x0A] }
        default: return AssetFormatter().render(pairs.map(\.exported), as: spec, albumTitle: { albumTitle($0) })
        }
    }
}
