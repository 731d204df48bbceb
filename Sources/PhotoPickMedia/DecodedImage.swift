import Foundation

/// Decoded pixels, 8 bits a channel, straight (not premultiplied) alpha when present.
/// Plain bytes, so the image can cross threads and processes and any toolkit can show it.
public struct DecodedImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let rowStride: Int
    public let hasAlpha: Bool
    public let pixels: Data

    public init(width: Int, height: Int, rowStride: Int, hasAlpha: Bool, pixels: Data) {
        self.width = width
        self.height = height
        self.rowStride = rowStride
        self.hasAlpha = hasAlpha
        self.pixels = pixels
    }

    public var channels: Int { hasAlpha ? 4 : 3 }
}
