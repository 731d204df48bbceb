/// The estimate summed over assets: here, beside its one caller (`estimatedExportBytes`), so
/// that Export, below Assets, knows nothing of them.
extension ExportEstimate {
    /// The sum over the picks.
    public static func total(_ assets: some Sequence<Asset>, settings: ExportSettings) -> Int64 {
        assets.reduce(0) { sum, asset in
            let size = asset.metadata.displaySize
            return sum + bytes(sourceBytes: asset.sizeBytes, mimeType: asset.mimeType, isVideo: asset.kind == .video,
                               width: size?.width, height: size?.height, settings: settings)
        }
    }
}
