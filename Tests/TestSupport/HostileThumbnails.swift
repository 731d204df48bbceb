import Foundation
import PhotoPickCore
import PhotoPickMedia

/// What a session left in a private thumbnail cache (`XDG_CACHE_HOME`), for tests that
/// cannot link the media layer themselves.
public enum HostileThumbnails {
    /// True when `cacheHome/thumbnails` holds a valid thumbnail of `path` of any size.
    public static func hasThumbnail(_ path: RawPath, cacheHome: String) -> Bool {
        let cache = FreedesktopThumbnailCache(root: cacheHome + "/thumbnails")
        guard let source = cache.source(for: path) else { return false }
        return cache.valid(source, atLeast: .normal) != nil
    }

    /// True when photopick recorded that `path` could not be thumbnailed.
    public static func hasFailure(_ path: RawPath, cacheHome: String) -> Bool {
        let cache = FreedesktopThumbnailCache(root: cacheHome + "/thumbnails")
        guard let source = cache.source(for: path) else { return false }
        return cache.hasFailed(source)
    }

    /// Files and folders under `folder` whose modes are not private (0600 files, 0700
    /// folders), and leftovers of interrupted atomic writes (`*.XXXXXX`, `.photopick-tmp-*`).
    public static func privacyProblems(under folder: String) -> [String] {
        var problems: [String] = []
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return ["cannot list \(folder)"] }
        for case let relative as String in walker {
            let path = folder + "/" + relative
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue else { continue }
            let isFolder = (attributes[.type] as? FileAttributeType) == .typeDirectory
            if isFolder && mode != 0o700 { problems.append(String(format: "%@: folder mode %o", path, mode)) }
            if !isFolder && mode != 0o600 { problems.append(String(format: "%@: file mode %o", path, mode)) }
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".photopick-tmp-") || name.range(of: #"\.png\.[A-Za-z0-9]{6}$"#, options: .regularExpression) != nil {
                problems.append("\(path): a leftover temporary file")
            }
        }
        return problems
    }

    /// Every PNG under `cacheHome/thumbnails` that does not carry the standard's URI and
    /// MTime keys (a torn or foreign write).
    public static func invalidThumbnails(cacheHome: String) -> [String] {
        let root = cacheHome + "/thumbnails"
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var bad: [String] = []
        for case let relative as String in walker where relative.hasSuffix(".png") {
            let path = root + "/" + relative
            guard let bytes = try? RawFiles.read(path), let texts = PNGTextChunks.parse(bytes),
                  texts["Thumb::URI"] != nil, texts["Thumb::MTime"] != nil,
                  ImageDecoder().size(of: RawPath(path)) != nil else {
                bad.append(path)
                continue
            }
        }
        return bad
    }

    /// How many PNGs the cache holds (all sizes, failures included).
    public static func count(cacheHome: String) -> Int {
        guard let walker = FileManager.default.enumerator(atPath: cacheHome + "/thumbnails") else { return 0 }
        var n = 0
        for case let relative as String in walker where relative.hasSuffix(".png") { n += 1 }
        return n
    }
}
