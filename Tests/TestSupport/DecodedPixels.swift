import PhotoPickMedia

extension DecodedImage {
    /// The RGB(A) value at a pixel.
    public func pixel(x: Int, y: Int) -> [UInt8] {
        let start = y * rowStride + x * channels
        return Array(pixels[start..<(start + channels)])
    }
}
