/// A rough, honest guess of what an export will weigh, for the footer's "≈ 4.2 MB" before
/// anything is written: output pixels times the bits per pixel the encoder typically spends
/// on a photo at that quality. Files the export leaves as they are (videos, `keep` without a
/// resize) count with their own size. The real total replaces it once the export is done.
public enum ExportEstimate {
    /// What one source becomes; `width`/`height` are the upright pixel size when known.
    public static func bytes(sourceBytes: Int64, mimeType: String, isVideo: Bool,
                             width: Int?, height: Int?, settings: ExportSettings) -> Int64 {
        guard !isVideo, let width, let height, width > 0, height > 0 else { return sourceBytes }
        let longSide = max(width, height)
        let scale = settings.maxSize.map { min(1, Double($0) / Double(longSide)) } ?? 1
        let format = outputFormat(of: mimeType, settings.resolvedFormat)
        let sameFormat = format == ExportSettings.Format(writtenMIMEType: mimeType)
        // Nothing to re-encode: the export is (close to) a copy of the original.
        if scale >= 1, sameFormat, settings.quality == nil, settings.maxBytes == nil { return sourceBytes }
        let pixels = (Double(width) * scale).rounded() * (Double(height) * scale).rounded()
        var estimate = Int64((pixels * bitsPerPixel(format, quality: settings.resolvedQuality) / 8).rounded())
        if let maxBytes = settings.maxBytes { estimate = min(estimate, maxBytes) }
        return max(estimate, 1)
    }

    /// The sum over the picks.
    public static func total(_ assets: some Sequence<Asset>, settings: ExportSettings) -> Int64 {
        assets.reduce(0) { sum, asset in
            let size = asset.metadata.displaySize
            return sum + bytes(sourceBytes: asset.sizeBytes, mimeType: asset.mimeType, isVideo: asset.kind == .video,
                               width: size?.width, height: size?.height, settings: settings)
        }
    }

    /// The encoder `keep` ends up with: the original's where the engine writes it, JPEG otherwise.
    static func outputFormat(of mimeType: String, _ asked: ExportSettings.Format) -> ExportSettings.Format {
        asked.written(forMIMEType: mimeType)
    }

    /// Typical bits per pixel for camera photos: JPEG from about 1 at quality 50 to about 6 at
    /// 100 (steeper at the top); WebP about 70 % of JPEG; PNG, lossless, about half of 24 bits.
    static func bitsPerPixel(_ format: ExportSettings.Format, quality: Int) -> Double {
        let q = Double(min(max(quality, 1), 100))
        let jpeg: Double
        switch q {
        case ..<50: jpeg = 0.4 + 0.6 * q / 50
        case ..<90: jpeg = 1.0 + (q - 50) / 40 * 1.6   // 85 → 2.4
        default: jpeg = 2.6 + (q - 90) / 10 * 3.4     // 100 → 6
        }
        switch format {
        case .png: return 12
        case .webp: return jpeg * 0.7
        case .jpeg, .keep: return jpeg
        }
    }
}
