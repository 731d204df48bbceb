import PhotoPickMedia

/// Pixel comparisons that tolerate lossy compression and resampling.
public enum ImageComparison {
    /// Mean absolute difference per RGB channel (0…255) after sampling both images on
    /// a common `gridWidth` × `gridHeight` grid (nearest neighbour), whatever their sizes.
    public static func meanAbsoluteDifference(_ a: DecodedImage, _ b: DecodedImage,
                                              gridWidth: Int = 96, gridHeight: Int = 64) -> Double {
        var total = 0
        for gy in 0..<gridHeight {
            for gx in 0..<gridWidth {
                let pa = a.pixel(x: (gx * a.width + a.width / 2) / gridWidth, y: (gy * a.height + a.height / 2) / gridHeight)
                let pb = b.pixel(x: (gx * b.width + b.width / 2) / gridWidth, y: (gy * b.height + b.height / 2) / gridHeight)
                for c in 0..<3 { total += abs(Int(pa[c]) - Int(pb[c])) }
            }
        }
        return Double(total) / Double(gridWidth * gridHeight * 3)
    }

    /// Whether two RGB values differ by at most `tolerance` in every channel.
    public static func close(_ a: [UInt8], _ b: [UInt8], tolerance: Int) -> Bool {
        zip(a.prefix(3), b.prefix(3)).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }
}
