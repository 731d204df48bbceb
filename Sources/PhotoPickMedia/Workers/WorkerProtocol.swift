import Foundation
import PhotoPickCore

/// The pipe protocol between the window and its worker processes.
///
/// Request, one line: `ID KIND SIDE HEX(MIME) HEX(PATH)` where KIND is `preview` (the
/// embedded EXIF preview, fast), `full` (a real thumbnail through the shared cache),
/// `quick` (the cached thumbnail if there is a valid one, else the embedded preview: the
/// first pass that is final whenever it can be) or `large` (the whole image for the
/// preview; nothing is written to the cache) and SIDE the tile's side in device pixels (for `large`,
/// the longest side to fit). Hex keeps any file name byte-exact on one line.
/// Reply: `ID ok W H ALPHA ORIGIN NBYTES [SW SH]` then NBYTES of tightly packed pixels, or
/// `ID err ERROR` (a `MediaError`'s `wireField`). SW SH, sent for `large` only, is the file's
/// stored size (before orientation), which the preview shows.
public struct WorkerRequest: Sendable, Hashable {
    public enum Kind: String, Sendable {
        case preview, full, quick, large

        /// The largest SIDE accepted. A preview zoomed to actual size wants every pixel of a
        /// panorama; the decoder's pixel cap, not this, is what guards against bombs.
        public var maxSide: Int { self == .large ? 1 << 16 : 4096 }
    }
    public let id: UInt64
    public let kind: Kind
    public let side: Int
    public let mimeType: String
    public let path: RawPath

    public init(id: UInt64, kind: Kind, side: Int, mimeType: String, path: RawPath) {
        self.id = id
        self.kind = kind
        self.side = side
        self.mimeType = mimeType
        self.path = path
    }

    public var line: [UInt8] {
        Array("\(id) \(kind.rawValue) \(side) \(Hex.encode(Array(mimeType.utf8))) \(Hex.encode(path.bytes))\n".utf8)
    }

    public init?(line: Substring) {
        let f = line.split(separator: " ", omittingEmptySubsequences: false)
        guard f.count == 5, let id = UInt64(f[0]), let kind = Kind(rawValue: String(f[1])), let side = Int(f[2]),
              (1...kind.maxSide).contains(side), let mime = Hex.decode(f[3]), let path = Hex.decode(f[4]), !path.isEmpty
        else { return nil }
        self.init(id: id, kind: kind, side: side, mimeType: String(decoding: mime, as: UTF8.self), path: RawPath(bytes: path))
    }
}

/// Where a worker's image came from: the shared cache, freshly made, the embedded preview,
/// or (`large`) decoded whole for the preview and not cached.
public enum ThumbnailOrigin: String, Sendable { case cache, made, preview, decoded }

public struct WorkerReply: Sendable {
    public let id: UInt64
    public let result: Result<(DecodedImage, ThumbnailOrigin), MediaError>
    /// The file's stored size (before orientation); a `large` reply's only.
    public let sourceSize: (width: Int, height: Int)?

    public init(id: UInt64, result: Result<(DecodedImage, ThumbnailOrigin), MediaError>,
                sourceSize: (width: Int, height: Int)? = nil) {
        self.id = id
        self.result = result
        self.sourceSize = sourceSize
    }

    public static func header(id: UInt64, image: DecodedImage, origin: ThumbnailOrigin,
                              sourceSize: (width: Int, height: Int)? = nil) -> [UInt8] {
        let source = sourceSize.map { " \($0.width) \($0.height)" } ?? ""
        return Array("\(id) ok \(image.width) \(image.height) \(image.hasAlpha ? 1 : 0) \(origin.rawValue) \(image.pixels.count)\(source)\n".utf8)
    }

    public static func error(id: UInt64, _ error: MediaError) -> [UInt8] {
        Array("\(id) err \(error.wireField)\n".utf8)
    }
}

enum Hex {
    static func encode(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    static func decode(_ text: Substring) -> [UInt8]? {
        let u = Array(text.utf8)
        guard u.count % 2 == 0 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(u.count / 2)
        var i = 0
        while i < u.count {
            guard let hi = nibble(u[i]), let lo = nibble(u[i + 1]) else { return nil }
            out.append(hi << 4 | lo)
            i += 2
        }
        return out
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 97...102: return c - 87
        case 65...70: return c - 55
        default: return nil
        }
    }
}
