import Foundation
import PhotoPickCore
import XCTest

/// Builds in-memory assets for the album and collection tests (Core and System suites).
public enum Fixture {
    public static let root = "/lib/Pictures"

    /// Seconds since 1970 of a wall-clock time at a UTC offset (integer arithmetic, no zone).
    public static func seconds(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 12, _ mi: Int = 0, offset: Int = 0) -> Double {
        Double(CivilDate(year: y, month: mo, day: d).dayNumber * 86_400 + h * 3600 + mi * 60 - offset)
    }

    /// An asset whose capture date carries its own UTC offset (so no time zone is involved),
    /// unless `offset` is nil: then only the modification time dates it, read in the local zone.
    public static func asset(_ id: Int, _ relativePath: String, at seconds: Double, offset: Int? = 0,
                      mime: String = "image/jpeg", size: Int64 = 1000, rating: Int? = nil,
                      screenshot: Bool = false, width: Int? = nil, height: Int? = nil, orientation: Int = 1,
                      modified: Double? = nil) -> Asset {
        let path = RawPath(root + "/" + relativePath)
        var metadata = AssetMetadata(pixelWidth: width, pixelHeight: height, orientation: orientation,
                                     rating: rating, isScreenshot: screenshot)
        if let offset {
            metadata.captureDate = CaptureDate(seconds: seconds, utcOffset: offset)
            metadata.dateSource = .exif
        }
        return Asset(id: AssetID(UInt32(id)), path: path, mimeType: mime, kind: MediaKind(mimeType: mime) ?? .photo,
                     sizeBytes: size, modified: modified ?? seconds, albumID: .folder(path.parent), metadata: metadata)
    }

    public static func source(_ assets: [Asset], now: Double = seconds(2030, 1, 1)) -> FixtureAlbumSource {
        FixtureAlbumSource(assets: assets, roots: [RawPath(root)], now: now)
    }

    public static func names(_ source: AlbumSource, _ ids: [AssetID]) -> [String] {
        ids.map { source.asset($0)?.name ?? "?" }
    }
}

/// Runs `body` with `TZ` set (and `tzset()` called), restoring the previous zone after.
public func withTimeZone<T>(_ zone: String, _ body: () throws -> T) throws -> T {
    guard FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/" + zone) else {
        throw XCTSkip("time zone data for \(zone) is not installed (Debian package tzdata)")
    }
    let previous = getenv("TZ").map { String(cString: $0) }
    setenv("TZ", zone, 1)
    tzset()
    defer {
        if let previous { setenv("TZ", previous, 1) } else { unsetenv("TZ") }
        tzset()
    }
    return try body()
}
