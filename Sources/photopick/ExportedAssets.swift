import Foundation
import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem

/// What `photopick export` prints about each file: the picker's output formats over the
/// exported files, each asset object describing the export and naming its original
/// (`original_path`, `original_uri`); in JSON, also the files that failed (`errors`).
struct ExportedAssets {
    let report: ExportReport

    /// The exported files as assets, read back from disk like any file the picker lists.
    func assets() -> [(asset: Asset, original: RawPath)] {
        let sniffer = GIOContentTypeSniffer(), reader = Exiv2MetadataReader()
        return report.outcomes.compactMap { outcome -> (Asset, RawPath)? in
            guard case .exported(let path, let bytes) = outcome.result else { return nil }
            var st = stat()
            let modified = path.withCString { stat($0, &st) } == 0 ? Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9 : 0
            let head = RegularFile(path)?.read(at: 0, count: sniffer.headLength) ?? []
            let mime = sniffer.mimeType(name: Array(path.lastComponentBytes), head: head) ?? "application/octet-stream"
            let asset = Asset(id: AssetID(0), path: path, mimeType: mime, kind: MediaKind(mimeType: mime) ?? .photo,
                              sizeBytes: bytes, modified: modified, albumID: .folder(path.parent),
                              metadata: reader.metadata(for: path, mimeType: mime, modified: modified))
            return (asset, outcome.source)
        }
    }

    func render(_ format: OutputFormat) -> [UInt8] {
        let exported = assets()
        let formatter = AssetFormatter()
        switch format {
        case .lines, .null, .uri:
            return formatter.render(exported.map(\.asset), as: .format(format), albumTitle: { _ in nil })
        case .json:
            let document = JSONValue.object([("assets", .array(exported.enumerated().map { assetObject($1, index: $0, formatter) })),
                                           ("errors", .array(errors()))])
            return document.pretty() + [0x0A]
        case .jsonl:
            let lines = exported.enumerated().map { assetObject($1, index: $0, formatter) }
                + errors().map { JSONValue.object([("error", $0)]) }
            return lines.flatMap { $0.serialized() + [0x0A] }
        }
    }

    private func assetObject(_ item: (asset: Asset, original: RawPath), index: Int, _ formatter: AssetFormatter) -> JSONValue {
        guard case .object(var members) = formatter.object(item.asset, album: nil, selectionIndex: index) else { return .null }
        members += [("original_path", .bytes(item.original.bytes)), ("original_uri", .string(FileURI.encode(item.original)))]
        return .object(members)
    }

    /// `{"path", "uri", "message"}` for each file that was not exported, in the given order:
    /// the same objects as the picker's response (`ExportErrorsJSON`).
    func errors() -> [JSONValue] {
        guard case .array(let items) = ExportErrorsJSON.array(report.outcomes) else { return [] }
        return items
    }
}
