/// A rough, honest guess of what an export will weigh, for the footer's "≈ 4.2 MB" before
/// anything is written: output pixels times the bits per pixel the encoder spends on a photo
/// at that quality, as measured on real exports (below). Every photo is decoded and encoded
/// again, at its own size too, so none counts with its original's size: a phone's JPEG at
/// quality 95 comes out at about two thirds of it at the default 85 (the footer once said
/// 74.7 MB for an export of 48 MB). Videos are copied, and a photo whose size is unknown
/// cannot be guessed: those count with their own size. The real total replaces it once the
/// export is done.
public enum ExportEstimate {
    /// What one source becomes; `width`/`height` are the upright pixel size when known.
    public static func bytes(sourceBytes: Int64, mimeType: String, isVideo: Bool,
                             width: Int?, height: Int?, settings: ExportSettings) -> Int64 {
        guard !isVideo, let width, let height, width > 0, height > 0 else { return sourceBytes }
        let longSide = max(width, height)
        let scale = settings.maxSize.map { min(1, Double($0) / Double(longSide)) } ?? 1
        let format = outputFormat(of: mimeType, settings.resolvedFormat)
        let pixels = (Double(width) * scale).rounded() * (Double(height) * scale).rounded()
        let bits = bitsPerPixel(format, quality: settings.resolvedQuality) * smallSizeFactor(longSide: Double(longSide) * scale)
        var estimate = Int64((pixels * bits / 8).rounded())
        if let maxBytes = settings.maxBytes { estimate = min(estimate, maxBytes) }
        return max(estimate, 1)
    }

    /// The encoder `keep` ends up with: the original's where the engine writes it, JPEG otherwise.
    static func outputFormat(of mimeType: String, _ asked: ExportSettings.Format) -> ExportSettings.Format {
        asked.written(forMIMEType: mimeType)
    }

    /// Bits per pixel of real photos exported by photopick (libvips 8.14, sRGB, metadata kept),
    /// JPEG by quality, between these points; WebP three quarters of JPEG; PNG, lossless, 17.
    ///
    /// Measured on the real photos of ../shared/corpus (orientation/Landscape_1.jpg 1800×1200,
    /// formats/example.heic 1280×854, fox.profile0.8bpc.yuv420.avif 1204×800, bryce.webp
    /// 11158×2156) with `photopick export --convert F --quality Q [--max-size S]` for F in
    /// jpeg, webp, png, Q in 50, 70, 85, 95, S in none, 2048, 1024, 512, bits = 8 × bytes /
    /// output pixels. JPEG at 85, full size or 1024: 1.36–1.49 (fox), 1.78–1.85 (landscape),
    /// 2.61–2.67 (example), 2.26 (bryce); against 85, quality 50 gave 0.52–0.65 of it, 70
    /// 0.69–0.74, 95 1.69–2.15. WebP over JPEG at the same quality 0.64–0.98; PNG 13.7–20.6.
    /// One photo's export may lie 40 % either side (content decides); the totals of these
    /// photos came within 20 % for every setting (ExportEstimateCalibrationTests).
    static func bitsPerPixel(_ format: ExportSettings.Format, quality: Int) -> Double {
        let q = Double(min(max(quality, 1), 100))
        let points: [(q: Double, bits: Double)] = [(1, 0.35), (50, 1.05), (70, 1.37), (85, 1.9), (95, 3.7), (100, 6.5)]
        var jpeg = points.last!.bits
        for (a, b) in zip(points, points.dropFirst()) where q <= b.q {
            jpeg = a.bits + (b.bits - a.bits) * (q - a.q) / (b.q - a.q)
            break
        }
        switch format {
        case .png: return 17
        case .webp: return jpeg * 0.75
        case .jpeg, .keep: return jpeg
        }
    }

    /// Small exports spend more per pixel (the detail of a large photo in fewer pixels):
    /// measured at 512 against 1024, 1.13–1.44 times; a fifth more per halving below 1024.
    static func smallSizeFactor(longSide: Double) -> Double {
        guard longSide < 1024, longSide >= 1 else { return 1 }
        // Halvings below 1024 (log2, linear between powers of two: Core has no libm).
        var ratio = 1024 / longSide, halvings = 0.0
        while ratio >= 2 { ratio /= 2; halvings += 1 }
        return 1 + 0.2 * (halvings + ratio - 1)
    }
}
