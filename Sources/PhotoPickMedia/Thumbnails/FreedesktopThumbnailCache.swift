internal import CMedia
import Foundation
import Glibc
import PhotoPickCore
import PhotoPickSystem

/// The shared thumbnail cache of the freedesktop Thumbnail Managing Standard:
/// `$XDG_CACHE_HOME/thumbnails/{normal,large,x-large,xx-large}/MD5(uri).png`.
///
/// Thumbnails other programs made are used when they are still valid; the ones made here
/// carry the standard's keys so other programs use them too. Folders are created 0700 and
/// files written 0600 under a temporary name, then renamed into place, so a reader never
/// sees half a file. Failures are remembered under `fail/photopick-VERSION/`.
public struct FreedesktopThumbnailCache: Sendable {
    public let root: String
    public let failureFolder: String

    public static let software = "photopick"
    public static let version = "0.1.0"

    public init(root: String) {
        self.root = root
        self.failureFolder = root + "/fail/\(Self.software)-\(Self.version)"
    }

    /// `$XDG_CACHE_HOME/thumbnails`, or `~/.cache/thumbnails` (`BaseDirectories`).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> FreedesktopThumbnailCache {
        FreedesktopThumbnailCache(root: BaseDirectories.ofThisProcess(\.cacheHome, environment) + "/thumbnails")
    }

    /// What a thumbnail of `path` must say about it, from a fresh `stat`; nil if it is gone.
    public func source(for path: RawPath) -> ThumbnailSource? {
        var st = stat()
        guard path.withCString({ stat($0, &st) }) == 0, let uri = CanonicalURI.of(path) else { return nil }
        return ThumbnailSource(uri: uri, mtime: Int64(st.st_mtim.tv_sec), size: Int64(st.st_size))
    }

    /// The folder thumbnails of `size` are stored in.
    public func folder(for size: ThumbnailSize) -> String {
        "\(root)/\(size.rawValue)"
    }

    public func file(for source: ThumbnailSource, size: ThumbnailSize) -> String {
        "\(folder(for: size))/\(CanonicalURI.md5(source.uri)).png"
    }

    /// The valid cached thumbnail of `source` of at least `size`, smallest first, read whole:
    /// the one rule for what the cache holds, for the decoder that shows it and for anyone
    /// asking whether a thumbnail is there. Valid means complete (`readComplete`), no bigger
    /// than its size allows, and its keys describe the file as it is now.
    public func valid(_ source: ThumbnailSource, atLeast size: ThumbnailSize) -> (path: String, size: ThumbnailSize, bytes: [UInt8])? {
        for candidate in ThumbnailSize.allCases where candidate >= size {
            let path = file(for: source, size: candidate)
            guard let bytes = Self.readComplete(path, atMost: Self.maxFileBytes(candidate)),
                  let texts = PNGTextChunks.parse(bytes), source.isDescribed(by: texts) else { continue }
            return (path, candidate, bytes)
        }
        return nil
    }

    /// Writes `png` (already carrying the Thumb:: keys) as the thumbnail of `source`.
    /// `syncingFolder: false` leaves the folder's sync to the caller, who stores several and
    /// then calls `AtomicFile.syncFolder` on `folder(for: size)` once (`ThumbnailCacheWriter`).
    ///
    /// Written atomically but without syncing its data: a thumbnail is a cache entry, made
    /// again from the photo at will, and the data sync cost as much as the rest of the write.
    /// After a power loss one may be empty or cut short (what ext4 and XFS leave); `valid`
    /// refuses such a file (`readComplete`), and one whose pixels were damaged inside an intact
    /// file fails its decode (the IDAT CRC), so photopick makes it again either way. Another
    /// program that checks only the Thumb:: keys could show such a damaged one, as it could
    /// any thumbnail another program wrote without a sync.
    public func store(png: [UInt8], for source: ThumbnailSource, size: ThumbnailSize, syncingFolder: Bool = true) throws(MediaError) {
        try Self.makeFolder(folder(for: size))
        try Self.writeAtomically(png, to: file(for: source, size: size), syncingData: false, syncingFolder: syncingFolder)
    }

    /// True when this version of photopick already failed on this exact source file.
    public func hasFailed(_ source: ThumbnailSource) -> Bool {
        let path = "\(failureFolder)/\(CanonicalURI.md5(source.uri)).png"  // a 1×1 PNG and its keys
        guard let bytes = Self.readComplete(path, atMost: Self.maxFileBytes(.normal)),
              let texts = PNGTextChunks.parse(bytes) else { return false }
        return source.isDescribed(by: texts)
    }

    /// Remembers that `source` could not be thumbnailed (a 1×1 PNG with the keys, as the standard says).
    public func recordFailure(_ source: ThumbnailSource, mimeType: String) throws(MediaError) {
        let png = try ThumbnailEncoder.png(of: DecodedImage(width: 1, height: 1, rowStride: 4, hasAlpha: true,
                                                            pixels: Data([0, 0, 0, 0])),
                                           source: source, mimeType: mimeType)
        try Self.makeFolder(failureFolder)
        try Self.writeAtomically(png, to: "\(failureFolder)/\(CanonicalURI.md5(source.uri)).png")
    }

    // MARK: Files

    /// The whole file at `path` when it is a regular file of at most `limit` bytes that ends
    /// with the IEND chunk: a thumbnail torn by a crash or a full disk is not trusted
    /// (gdk-pixbuf would show whatever rows it got). One open and one read.
    static func readComplete(_ path: String, atMost limit: Int) -> [UInt8]? {
        guard let file = RegularFile(RawPath(path)), file.size >= UInt64(PNGTextChunks.iendChunk.count),
              file.size <= UInt64(limit), let bytes = file.read(at: 0, count: Int(file.size)),
              bytes.count == Int(file.size), bytes.suffix(PNGTextChunks.iendChunk.count).elementsEqual(PNGTextChunks.iendChunk)
        else { return nil }
        return bytes
    }

    /// Room for the pixels of the largest thumbnail of `size` (RGBA, uncompressed) and its keys.
    static func maxFileBytes(_ size: ThumbnailSize) -> Int { size.pixels * size.pixels * 4 + (1 << 20) }

    /// Creates `path` and its missing parents with mode 0700.
    static func makeFolder(_ path: String) throws(MediaError) {
        do {
            try Folders.create(RawPath(path), mode: 0o700)
        } catch {
            throw .unwritable(path: RawPath(path), reason: error.reason)
        }
    }

    /// Writes through `AtomicFile` (0600): a reader never sees half a PNG. With `syncingData`
    /// (failure records) a crash never leaves a short one behind either; thumbnails go without
    /// (see `store`). The worker processes write from a thread of their own (`ThumbnailCacheWriter`).
    static func writeAtomically(_ bytes: [UInt8], to path: String, syncingData: Bool = true,
                                syncingFolder: Bool = true) throws(MediaError) {
        do {
            try AtomicFile.write(bytes, to: RawPath(path), mode: 0o600, syncingData: syncingData, syncingFolder: syncingFolder)
        } catch {
            throw .unwritable(path: RawPath(path), reason: error.error.reason)
        }
    }
}
