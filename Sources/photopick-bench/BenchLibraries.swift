import Foundation
import Glibc

/// The bench's libraries on disk, under /tmp, made deterministically once and reused while
/// their stamp file says they are complete (a stamp outside the folder, so `find` and the
/// scanner see only photos).
enum BenchLibraries {
    static let base = "/tmp/photopick-bench"
    static let version = "v1"

    /// 100,000 camera-style 640×480 JPEGs in 1,000 folders (`YYYY/Event NNN/IMG_NNNNNN.jpg`),
    /// ten years of dates, each file's mtime its capture time (as after a camera import).
    /// The newest photos are in the last folder the walk reaches: the worst case for a
    /// newest-first grid fed in walk order.
    static let library100k = base + "/library-100k"
    static let photoCount = 100_000
    static let folderCount = 1_000

    /// 300 camera-style 12-megapixel (4000×3000) JPEGs with EXIF previews.
    static let jpeg12mp = base + "/jpeg-12mp"
    static let bigCount = 300

    /// The folders of the first 1,000 photos of the 100k library (for the metadata section).
    static var first1000Folders: [String] {
        (0..<10).map { folderPath(folder: $0) }
    }

    static func folderPath(folder f: Int) -> String {
        library100k + "/\(2015 + f / 100)/Event \(String(format: "%03d", f % 100))"
    }

    static func photoPath(_ i: Int) -> String {
        folderPath(folder: i / (photoCount / folderCount)) + "/IMG_\(String(format: "%06d", i)).jpg"
    }

    static func bigPath(_ i: Int) -> String { jpeg12mp + "/DSC_\(String(format: "%04d", i)).jpg" }

    // MARK: Making them

    static func ensure100k() throws {
        let stamp = library100k + ".\(version).done"
        if FileManager.default.fileExists(atPath: stamp) { return }
        log("making \(photoCount) camera JPEGs in \(library100k) (once; reused by later runs)…")
        try? FileManager.default.removeItem(atPath: library100k)
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        let templates = try (0..<64).map { t in
            try CameraJPEG.template(width: 640, height: 480, seed: UInt64(t) &+ 1000, noise: 10, quality: 85,
                                    orientation: t % 8 == 7 ? 6 : 1, scratch: base + "/template-\(t)")
        }
        var random = SplitMix(seed: 2015)
        var date = 1_420_070_400.0  // 2015-01-01 00:00 UTC; ten years over 100,000 photos
        for f in 0..<folderCount {
            try FileManager.default.createDirectory(atPath: folderPath(folder: f), withIntermediateDirectories: true)
        }
        for i in 0..<photoCount {
            date += 1_500 + Double(random.next() % 3_300)
            let template = templates[Int(random.next() % UInt64(templates.count))]
            try write(template.stamped(exifDate(date)), to: photoPath(i), modified: date)
            if i % 20_000 == 19_999 { log("  \(i + 1) written") }
        }
        _ = FileManager.default.createFile(atPath: stamp, contents: Data())
    }

    static func ensure12mp() throws {
        let stamp = jpeg12mp + ".\(version).done"
        if FileManager.default.fileExists(atPath: stamp) { return }
        log("making \(bigCount) 12-megapixel camera JPEGs in \(jpeg12mp) (once)…")
        try? FileManager.default.removeItem(atPath: jpeg12mp)
        try FileManager.default.createDirectory(atPath: jpeg12mp, withIntermediateDirectories: true)
        let templates = try (0..<12).map { t in
            try CameraJPEG.template(width: 4000, height: 3000, seed: UInt64(t) &+ 12_000, noise: 36, quality: 90,
                                    orientation: t % 6 == 5 ? 6 : 1, scratch: base + "/big-template-\(t)")
        }
        var date = 1_700_000_000.0
        for i in 0..<bigCount {
            date += 97
            try write(templates[i % templates.count].stamped(exifDate(date)), to: bigPath(i), modified: date)
        }
        _ = FileManager.default.createFile(atPath: stamp, contents: Data())
    }

    static func exifDate(_ seconds: Double) -> String {
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        return String(format: "%04d:%02d:%02d %02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    /// A new, empty folder of this run's own under `base` (`prefix-XXXXXX`); the caller removes it.
    static func scratchFolder(_ prefix: String) throws -> String {
        var name = Array((base + "/\(prefix)-XXXXXX").utf8CString)
        guard let made = mkdtemp(&name) else { throw BenchError("mkdtemp failed: errno \(errno)") }
        return String(cString: made)
    }

    static func write(_ bytes: [UInt8], to path: String, modified: Double) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw BenchError("cannot create \(path)") }
        defer { close(fd) }
        let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard n == bytes.count else { throw BenchError("short write to \(path)") }
        let whole = time_t(modified)
        var times = [timespec(tv_sec: whole, tv_nsec: 0), timespec(tv_sec: whole, tv_nsec: 0)]
        futimens(fd, &times)
    }
}

func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
