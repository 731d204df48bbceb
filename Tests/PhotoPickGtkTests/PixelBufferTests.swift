import CGtk
import Foundation
import PhotoPickCore
import PhotoPickMedia
import XCTest
@testable import PhotoPickGtk

/// Textures own their pixels: one buffer each, made once, released with the texture's last
/// reference, and the byte-bounded cache really gives back what it evicts.
///
/// XCTest runs tests on the main thread here, where the GTK side's main-actor code lives
/// (a @MainActor test class breaks XCTest's discovery on Linux).
final class PixelBufferTests: XCTestCase {
    /// An RGB image of `width`×`height`, each pixel (x, y, 7).
    private static func image(_ width: Int, _ height: Int, alpha: Bool = false) -> DecodedImage {
        let channels = alpha ? 4 : 3
        var bytes = [UInt8](repeating: 0, count: width * height * channels)
        for y in 0..<height {
            for x in 0..<width {
                let p = (y * width + x) * channels
                bytes[p] = UInt8(x % 256)
                bytes[p + 1] = UInt8(y % 256)
                bytes[p + 2] = 7
                if alpha { bytes[p + 3] = 128 }
            }
        }
        return DecodedImage(width: width, height: height, rowStride: width * channels, hasAlpha: alpha, pixels: Data(bytes))
    }

    private static func download(_ texture: Gdk.Texture) -> [UInt8] {
        let w = Int(gdk_texture_get_width(texture.object)), h = Int(gdk_texture_get_height(texture.object))
        var out = [UInt8](repeating: 0, count: w * h * 4)
        out.withUnsafeMutableBufferPointer { gdk_texture_download(texture.object, $0.baseAddress, gsize(w * 4)) }
        return out
    }

    func testATextureKeepsItsBufferUntilItsLastReferenceGoes() throws {
        try MainActor.assumeIsolated {
            let before = PixelBuffer.live
            var pixels: TextureFactory.NativePixels? = TextureFactory.native(Self.image(64, 48))
            XCTAssertEqual(PixelBuffer.live.count, before.count + 1)
            XCTAssertEqual(PixelBuffer.live.bytes, before.bytes + 64 * 48 * 4)
            var texture: Gdk.Texture? = try XCTUnwrap(TextureFactory.texture(from: pixels!))
            pixels = nil  // the texture holds the only buffer: nothing was copied
            XCTAssertEqual(PixelBuffer.live.count, before.count + 1)
            g_object_ref(raw(texture!.object))
            g_object_unref(raw(texture!.object))
            XCTAssertEqual(PixelBuffer.live.count, before.count + 1, "another reference still holds it")
            texture = nil  // its one reference goes with the value
            XCTAssertEqual(PixelBuffer.live.count, before.count)
            XCTAssertEqual(PixelBuffer.live.bytes, before.bytes)
        }
    }

    func testPixelsThatNeverBecomeATextureAreReleasedToo() {
        MainActor.assumeIsolated {
            let before = PixelBuffer.live
            do { _ = TextureFactory.native(Self.image(32, 32)) }
            XCTAssertEqual(PixelBuffer.live.count, before.count)
        }
    }

    /// GTK's memory format (cairo's ARGB32): premultiplied B, G, R, A in memory on
    /// little-endian machines, opaque for RGB. Pixel (3, 2) is R 3, G 2, B 7.
    func testPixelsArriveInGTKsFormat() throws {
        try MainActor.assumeIsolated {
            #if _endian(little)
            let at = (2 * 4 + 3) * 4
            let opaque = try XCTUnwrap(TextureFactory.texture(from: Self.image(4, 3)))
            XCTAssertEqual(Array(Self.download(opaque)[at..<at + 4]), [7, 2, 3, 255])
            let clear = try XCTUnwrap(TextureFactory.texture(from: Self.image(4, 3, alpha: true)))
            // At alpha 128: round(c × 128 / 255).
            XCTAssertEqual(Array(Self.download(clear)[at..<at + 4]), [4, 1, 2, 128])
            #endif
        }
    }

    func testTheCacheGivesBackWhatItEvicts() throws {
        try MainActor.assumeIsolated {
            let before = PixelBuffer.live
            let bytes = 64 * 48 * 4
            let cache = TextureCache(budgetBytes: 10 * bytes)
            for i in 0..<60 {
                let texture = try XCTUnwrap(TextureFactory.texture(from: Self.image(64, 48)))
                cache.insert(AssetID(UInt32(i)), texture: texture, bytes: bytes)
                XCTAssertLessThanOrEqual(cache.totalBytes, 10 * bytes)
                XCTAssertEqual(PixelBuffer.live.count - before.count, cache.count, "every texture alive is in the cache")
            }
            cache.removeAll()
            XCTAssertEqual(PixelBuffer.live.count, before.count)
            XCTAssertEqual(PixelBuffer.live.bytes, before.bytes)
        }
    }

    /// A cover keeps only its square: its own buffer of side² pixels, not the whole source.
    func testASquareCropKeepsOnlyTheSquare() throws {
        try MainActor.assumeIsolated {
            var source: Gdk.Texture? = try XCTUnwrap(TextureFactory.texture(from: Self.image(64, 48)))
            let before = PixelBuffer.live
            var square: Gdk.Texture? = try XCTUnwrap(SquareTexture.crop(source!))
            source = nil
            XCTAssertEqual(gdk_texture_get_width(square!.object), 48)
            XCTAssertEqual(gdk_texture_get_height(square!.object), 48)
            XCTAssertEqual(PixelBuffer.live.count, before.count)  // the source's went, the square's came
            XCTAssertEqual(PixelBuffer.live.bytes, before.bytes - 64 * 48 * 4 + 48 * 48 * 4)
            let pixels = Self.download(square!)
            XCTAssertEqual(Array(pixels[0..<4]), [7, 0, 8, 255], "the square starts at x = 8 of the source")
            square = nil
            XCTAssertEqual(PixelBuffer.live.bytes, before.bytes - 64 * 48 * 4)
        }
    }
}
