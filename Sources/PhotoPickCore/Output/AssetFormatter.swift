/// Turns assets into the bytes `photopick` writes: path lines and JSON objects.
public struct AssetFormatter: Sendable {
    public init() {}

    /// One absolute path per line, byte for byte.
    public func lines(_ assets: [Asset]) -> [UInt8] {
        var out: [UInt8] = []
        for asset in assets {
            out += asset.path.bytes
            out.append(0x0A)
        }
        return out
    }

    /// The asset object of the JSON formats.
    public func object(_ asset: Asset, album: String?, selectionIndex: Int? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("uri", .string(FileURI.encode(asset.path))),
            ("path", .bytes(asset.path.bytes)),
            ("name", .bytes(Array(asset.path.lastComponentBytes))),
            ("mime_type", .string(asset.mimeType)),
            ("kind", .string(asset.kind.rawValue)),
            ("date", .string(ISODate.format(asset.modified))),
            ("date_source", .string("modified")),
            ("size_bytes", .int(asset.sizeBytes)),
            ("album", album.map(JSONValue.string) ?? .null),
        ]
        if let selectionIndex { members.append(("selection_index", .int(Int64(selectionIndex)))) }
        return .object(members)
    }

    public func json(_ assets: [Asset], albumTitle: (Asset) -> String?, numbered: Bool) -> [UInt8] {
        let items = assets.enumerated().map { i, asset in
            object(asset, album: albumTitle(asset), selectionIndex: numbered ? i : nil)
        }
        return JSONValue.array(items).pretty() + [0x0A]
    }
}
