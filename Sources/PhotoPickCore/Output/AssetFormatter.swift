/// Turns assets into the bytes `photopick` writes: every output format, and the asset
/// object of the JSON formats and the portal response.
public struct AssetFormatter: Sendable {
    public init() {}

    /// The documented keys of an asset object, in the order they are written.
    public static let objectKeys = ["uri", "path", "name", "mime_type", "kind", "width", "height", "orientation",
                                    "date", "date_source", "size_bytes", "duration_seconds", "location", "camera",
                                    "album"]
    /// Written after those for a file of a pair only: `{"kind": "live", "files": [still, companion]}`.
    public static let pairKey = "pair"

    /// The bytes for `assets` (in pick order) in `spec`; `albumTitle` names an asset's folder album.
    public func render(_ assets: [Asset], as spec: OutputSpec, albumTitle: (Asset) -> String?) -> [UInt8] {
        render(handedBack: assets.map { HandedBack(asset: $0, pair: nil) }, as: spec, albumTitle: albumTitle)
    }

    /// `render`, the JSON formats describing each file's pair.
    public func render(handedBack handed: [HandedBack], as spec: OutputSpec, albumTitle: (Asset) -> String?) -> [UInt8] {
        let assets = handed.map(\.asset)
        switch spec {
        case .format(.lines): return lines(assets)
        case .format(.null): return assets.flatMap { $0.path.bytes + [0] }
        case .format(.uri): return assets.flatMap { Array(FileURI.encode($0.path).utf8) + [0x0A] }
        case .format(.json): return json(handedBack: handed, albumTitle: albumTitle, numbered: true)
        case .format(.jsonl):
            return handed.enumerated().flatMap { i, item in
                object(item.asset, album: albumTitle(item.asset), selectionIndex: i, pair: item.pair).serialized() + [0x0A]
            }
        case .zenity(let separator):
            // zenity's own output: raw paths joined by the separator, one trailing newline.
            guard !assets.isEmpty else { return [] }
            return Array(assets.map(\.path.bytes).joined(separator: Array(separator.utf8))) + [0x0A]
        case .kdialog(let output):
            return output.render(assets.map(\.path))
        }
    }

    /// One absolute path per line, byte for byte (a path holding a newline is `$'…'`-quoted).
    public func lines(_ assets: [Asset]) -> [UInt8] {
        var out: [UInt8] = []
        for asset in assets {
            out += LineQuoting.line(for: asset.path.bytes)
            out.append(0x0A)
        }
        return out
    }

    /// The asset object: what the file system and the file's metadata say, null where unknown.
    public func object(_ asset: Asset, album: String?, selectionIndex: Int? = nil, pair: PairFiles? = nil) -> JSONValue {
        let meta = asset.metadata
        let size = meta.displaySize
        let location: JSONValue = meta.location.map {
            .object([("latitude", .double($0.latitude)), ("longitude", .double($0.longitude))])
        } ?? .null
        var members: [(String, JSONValue)] = [
            ("uri", .string(FileURI.encode(asset.path))),
            ("path", .bytes(asset.path.bytes)),
            ("name", .bytes(Array(asset.path.lastComponentBytes))),
            ("mime_type", .string(asset.mimeType)),
            ("kind", .string(asset.kind.rawValue)),
            ("width", size.map { .int(Int64($0.width)) } ?? .null),
            ("height", size.map { .int(Int64($0.height)) } ?? .null),
            ("orientation", .int(Int64(meta.orientation))),
            ("date", Self.date(of: asset).map(JSONValue.string) ?? .null),
            ("date_source", !asset.hasKnownDate ? .null
                : .string(meta.captureDate == nil ? DateSource.modified.rawValue : meta.dateSource.rawValue)),
            ("size_bytes", .int(asset.sizeBytes)),
            ("duration_seconds", meta.durationSeconds.map(JSONValue.double) ?? .null),
            ("location", location),
            ("camera", meta.camera.map(JSONValue.string) ?? .null),
            ("album", album.map(JSONValue.string) ?? .null),
        ]
        if let pair {
            members.append((Self.pairKey, .object([("kind", .string(pair.kind.rawValue)),
                                                   ("files", .array(pair.files.map { .bytes($0.bytes) }))])))
        }
        if let selectionIndex { members.append(("selection_index", .int(Int64(selectionIndex)))) }
        return .object(members)
    }

    /// The capture date at the offset the camera recorded, else in local time (a capture
    /// date without an offset is a wall-clock time read as local time, so this gives that
    /// wall clock back); the modification time when the file says nothing; nil when neither
    /// is a date photopick can name (`Asset.hasKnownDate`).
    static func date(of asset: Asset) -> String? {
        guard let capture = asset.metadata.captureDate else {
            return asset.modifiedIsKnown ? ISODate.format(asset.modified) : nil
        }
        if let offset = capture.utcOffset { return ISODate.format(capture.seconds, utcOffset: offset) }
        return ISODate.format(capture.seconds)
    }

    public func json(_ assets: [Asset], albumTitle: (Asset) -> String?, numbered: Bool) -> [UInt8] {
        json(handedBack: assets.map { HandedBack(asset: $0, pair: nil) }, albumTitle: albumTitle, numbered: numbered)
    }

    public func json(handedBack handed: [HandedBack], albumTitle: (Asset) -> String?, numbered: Bool) -> [UInt8] {
        JSONValue.array(objects(handedBack: handed, albumTitle: albumTitle, numbered: numbered)).pretty() + [0x0A]
    }

    public func objects(_ assets: [Asset], albumTitle: (Asset) -> String?, numbered: Bool) -> [JSONValue] {
        objects(handedBack: assets.map { HandedBack(asset: $0, pair: nil) }, albumTitle: albumTitle, numbered: numbered)
    }

    public func objects(handedBack handed: [HandedBack], albumTitle: (Asset) -> String?, numbered: Bool) -> [JSONValue] {
        handed.enumerated().map { i, item in
            object(item.asset, album: albumTitle(item.asset), selectionIndex: numbered ? i : nil, pair: item.pair)
        }
    }
}
