import Foundation
import Glibc

/// The million-photo library on disk: 1,000,000 small camera-style JPEGs (128×96 with EXIF
/// date, camera, orientation and an 80×60 preview; under 4 KiB each, so one disk block) in
/// 1,000 folders (`YYYY/Event NNN/IMG_NNNNNNN.jpg`), twenty years of dates, each file's
/// mtime its capture time. Every file is its own inode (a hard link would be one asset to
/// the scanner) with its own bytes: 32 templates, each copy stamped with its own date.
/// Made once and reused while its stamp file says it is complete.
enum MillionLibrary {
    static let root = BenchLibraries.base + "/library-1m"
    static let photoCount = 1_000_000
    static let folderCount = 1_000
    static let version = "v1"

    static func folderPath(_ f: Int) -> String {
        root + "/\(2005 + f / 50)/Event \(String(format: "%03d", f % 50))"
    }

    static func photoPath(_ i: Int) -> String {
        folderPath(i / (photoCount / folderCount)) + "/IMG_\(String(format: "%07d", i)).jpg"
    }

    /// Says the library is complete: written last, when every file is.
    private static let stamp = root + ".\(version).done"

    /// For the sections that use the library but never make it (`million-cold`, `million-warm`).
    static func requireMade() throws {
        guard FileManager.default.fileExists(atPath: stamp) else {
            throw BenchError("no 1M library at \(root) (the million section makes it)")
        }
    }

    /// Makes the library unless it is there; returns the seconds making it took (0 if reused).
    @discardableResult
    static func ensure() throws -> Double {
        if FileManager.default.fileExists(atPath: stamp) { return 0 }
        log("making \(photoCount) small camera JPEGs in \(root) (once; reused by later runs)…")
        let start = Date()
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.createDirectory(atPath: BenchLibraries.base, withIntermediateDirectories: true)
        let templates = try (0..<32).map { t in
            try CameraJPEG.template(width: 128, height: 96, seed: UInt64(t) &+ 77_000, noise: 8, quality: 75,
                                    orientation: t % 8 == 7 ? 6 : 1, preview: (80, 60),
                                    scratch: BenchLibraries.base + "/million-template-\(t)")
        }
        log("  template sizes \(templates.map(\.bytes.count).min()!)–\(templates.map(\.bytes.count).max()!) bytes")
        for f in 0..<folderCount {
            try FileManager.default.createDirectory(atPath: folderPath(f), withIntermediateDirectories: true)
        }
        var random = SplitMix(seed: 2005)
        var date = 1_104_537_600.0  // 2005-01-01 00:00 UTC; twenty years over a million photos
        for i in 0..<photoCount {
            date += 300 + Double(random.next() % 660)
            let template = templates[Int(random.next() % UInt64(templates.count))]
            try BenchLibraries.write(template.stamped(BenchLibraries.exifDate(date)), to: photoPath(i), modified: date)
            if i % 100_000 == 99_999 { log("  \(i + 1) written") }
        }
        _ = FileManager.default.createFile(atPath: stamp, contents: Data())
        return Date().timeIntervalSince(start)
    }

    /// Disk blocks the library takes, in MB (`du`'s figure: what the disk gives up for it).
    static func diskMB() -> Double {
        var blocks = 0
        let walker = FileManager.default.enumerator(atPath: root)
        while let name = walker?.nextObject() as? String {
            var st = stat()
            if lstat(root + "/" + name, &st) == 0 { blocks += Int(st.st_blocks) }
        }
        return Double(blocks) * 512 / 1_048_576
    }
}
