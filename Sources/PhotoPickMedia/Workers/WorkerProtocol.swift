import Foundation
import PhotoPickCore

/// The pipe protocol between the window and its thumbnail worker processes.
///
/// Request, one line: `ID KIND SIDE HEX(MIME) HEX(PATH)` where KIND is `preview` (the
/// embedded EXIF preview, fast), `full` (a real thumbnail through the shared cache) or
/// `quick` (the cached thumbnail if there is a valid one, else the embedded preview: the
/// first pass that is final whenever it can be) and SIDE the tile's side in device pixels. Hex keeps any file name byte-exact on one line.
/// Reply: `ID ok W H ALPHA ORIGIN NBYTES` then NBYTES of tightly packed pixels, or
/// `ID err HEX(MESSAGE)`.
public struct WorkerRequest: Sendable, Hashable {
    public enum Kind: String, Sendable { case preview, full, quick }
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
              (1...4096).contains(side), let mime = Hex.decode(f[3]), let path = Hex.decode(f[4]), !path.isEmpty
        else { return nil }
        self.init(id: id, kind: kind, side: side, mimeType: String(decoding: mime, as: UTF8.self), path: RawPath(bytes: path))
    }
}

/// Where a worker's image came from: the shared cache, freshly made, or the embedded preview.
public enum ThumbnailOrigin: String, Sendable { case cache, made, preview }

public struct WorkerReply: Sendable {
    public let id: UInt64
    public let result: Result<(DecodedImage, ThumbnailOrigin), MediaError>

    public init(id: UInt64, result: Result<(DecodedImage, ThumbnailOrigin), MediaError>) {
        self.id = id
        self.result = result
    }

    public static func header(id: UInt64, image: DecodedImage, origin: ThumbnailOrigin) -> [UInt8] {
        Array("\(id) ok \(image.width) \(image.height) \(image.hasAlpha ? 1 : 0) \(origin.rawValue) \(image.pixels.count)\n".utf8)
    }

    public static func error(id: UInt64, _ message: String) -> [UInt8] {
        Array("\(id) err \(Hex.encode(Array(message.utf8)))\n".utf8)
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
