import Foundation
import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem
import TestSupport
import XCTest

/// The freedesktop thumbnail cache: layout, validity, permissions, and interoperation with
/// GNOME's own thumbnail factory (gnome-desktop, through Python) in both directions.
final class ThumbnailCacheTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var cache: FreedesktopThumbnailCache!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        cache = FreedesktopThumbnailCache(root: dir.path + "/cache/thumbnails")
    }

    private func photo(_ name: String, width: Int = 640, height: Int = 480) throws -> RawPath {
        let path = dir.path + "/photos/" + name
        try ImageFactory.write(path, width: width, height: height, format: .jpeg)
        return RawPath(path)
    }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func testMakesThenReusesAThumbnailWithTheStandardKeys() throws {
        let service = ThumbnailService(cache: cache)
        let path = try photo("a.jpg")
        let (first, origin) = try service.thumbnail(path, mimeType: "image/jpeg", size: .large)
        XCTAssertEqual(origin, .made)
        XCTAssertEqual([first.width, first.height], [256, 192], "longest side 256, aspect kept")
        let (_, again) = try service.thumbnail(path, mimeType: "image/jpeg", size: .large)
        XCTAssertEqual(again, .cache)

        let source = try XCTUnwrap(cache.source(for: path))
        let file = cache.file(for: source, size: .large)
        XCTAssertTrue(file.hasPrefix(dir.path + "/cache/thumbnails/large/"))
        let texts = try XCTUnwrap(PNGTextChunks.parse(Array(try Data(contentsOf: URL(fileURLWithPath: file)))))
        XCTAssertEqual(texts["Thumb::URI"], "file://" + path.description)
        XCTAssertEqual(texts["Thumb::MTime"], String(source.mtime))
        XCTAssertEqual(texts["Thumb::Size"], String(source.size))
        XCTAssertEqual(texts["Thumb::Mimetype"], "image/jpeg")
        XCTAssertEqual(try mode(file), 0o600)
        XCTAssertEqual(try mode(dir.path + "/cache/thumbnails/large"), 0o700)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/cache/thumbnails/large")
        XCTAssertEqual(leftovers.count, 1, "no temporary files left: \(leftovers)")
    }

    func testAChangedSourceMakesTheThumbnailStale() throws {
        let service = ThumbnailService(cache: cache)
        let path = try photo("b.jpg")
        _ = try service.thumbnail(path, mimeType: "image/jpeg", size: .normal)
        try ImageFactory.setModified(path.description, Date().timeIntervalSince1970 + 100)
        let (_, origin) = try service.thumbnail(path, mimeType: "image/jpeg", size: .normal)
        XCTAssertEqual(origin, .made)
    }

    func testALargerCachedSizeServesASmallerRequest() throws {
        let service = ThumbnailService(cache: cache)
        let path = try photo("c.jpg")
        _ = try service.thumbnail(path, mimeType: "image/jpeg", size: .large)
        let (image, origin) = try service.thumbnail(path, mimeType: "image/jpeg", size: .normal)
        XCTAssertEqual(origin, .cache)
        XCTAssertEqual(max(image.width, image.height), 128)
    }

    func testFailuresAreRecordedAndNotRetried() throws {
        let service = ThumbnailService(cache: cache)
        let path = RawPath(dir.path + "/broken.jpg")
        try Data("not a jpeg at all".utf8).write(to: URL(fileURLWithPath: path.description))
        XCTAssertThrowsError(try service.thumbnail(path, mimeType: "image/jpeg", size: .normal))
        let source = try XCTUnwrap(cache.source(for: path))
        XCTAssertTrue(cache.hasFailed(source))
        let failDir = dir.path + "/cache/thumbnails/fail/photopick-\(FreedesktopThumbnailCache.version)"
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: failDir).count, 1)
    }

    func testSizeChoiceCoversTheTile() {
        XCTAssertEqual(ThumbnailSize.covering(tileSide: 90), .normal)
        XCTAssertEqual(ThumbnailSize.covering(tileSide: 186), .large)
        XCTAssertEqual(ThumbnailSize.covering(tileSide: 372), .xLarge, "a 186-px tile at scale 2")
        XCTAssertEqual(ThumbnailSize.covering(tileSide: 5000), .xxLarge)
    }

    // MARK: GNOME interoperation

    private static let gnomeScript = """
        import sys, os, gi
        gi.require_version('GnomeDesktop', '4.0')
        from gi.repository import GnomeDesktop, Gio
        mode, path = sys.argv[1], sys.argv[2]
        factory = GnomeDesktop.DesktopThumbnailFactory.new(GnomeDesktop.DesktopThumbnailSize.LARGE)
        uri = Gio.File.new_for_path(path).get_uri()
        mtime = int(os.stat(path).st_mtime)
        if mode == "make":
            factory.save_thumbnail(factory.generate_thumbnail(uri, "image/jpeg", None), uri, mtime, None)
        print(factory.lookup(uri, mtime) or "")
        """

    private func gnome(_ mode: String, _ path: RawPath) throws -> String {
        let python = "/usr/bin/python3"
        let probe = try ProcessRunner.run(python, ["-c", "import gi; gi.require_version('GnomeDesktop', '4.0')"])
        guard probe.status == 0 else { throw XCTSkip("gnome-desktop's Python bindings are missing (make deps installs them)") }
        let script = dir.path + "/gnome-thumbnails.py"
        try Data(Self.gnomeScript.utf8).write(to: URL(fileURLWithPath: script))
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = dir.path + "/cache"
        let out = try ProcessRunner.run(python, [script, mode, path.description], environment: env)
        XCTAssertEqual(out.status, 0, out.stderrText)
        return out.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Names whose URIs need escaping: the hash must match GLib's escaping exactly.
    private let oddNames = ["plain.jpg", "with space.jpg", "hash#and%percent.jpg", "it's (1) [x].jpg", "emoji 📷.jpg"]

    func testThumbnailsGnomeMadeAreUsed() throws {
        let service = ThumbnailService(cache: cache)
        for name in oddNames {
            let path = try photo(name)
            let made = try gnome("make", path)
            XCTAssertFalse(made.isEmpty, "GNOME made no thumbnail for \(name)")
            let (_, origin) = try service.thumbnail(path, mimeType: "image/jpeg", size: .large)
            XCTAssertEqual(origin, .cache, "\(name): GNOME's thumbnail should be reused")
        }
    }

    func testThumbnailsPhotopickMadeAreAcceptedByGnome() throws {
        let service = ThumbnailService(cache: cache)
        for name in oddNames {
            let path = try photo(name)
            _ = try service.thumbnail(path, mimeType: "image/jpeg", size: .large)
            let found = try gnome("lookup", path)
            let source = try XCTUnwrap(cache.source(for: path))
            XCTAssertEqual(found, cache.file(for: source, size: .large), "\(name): GNOME should accept our thumbnail")
        }
    }

    /// `$XDG_CACHE_HOME/thumbnails` by `BaseDirectories`' rules: relative and empty values are
    /// ignored. Once a divergence: a HOME set but empty made the cache `/.cache/thumbnails`
    /// (at the file system's root); a missing HOME is the user database's now.
    func testTheStandardCacheFollowsTheXDGRules() {
        XCTAssertEqual(FreedesktopThumbnailCache.standard(environment: ["HOME": "/h"]).root, "/h/.cache/thumbnails")
        XCTAssertEqual(FreedesktopThumbnailCache.standard(environment: ["HOME": "/h", "XDG_CACHE_HOME": "rel"]).root,
                       "/h/.cache/thumbnails")
        XCTAssertEqual(FreedesktopThumbnailCache.standard(environment: ["HOME": "/h", "XDG_CACHE_HOME": "/c/"]).root, "/c/thumbnails")
        let databaseHome = BaseDirectories.ofThisProcess([:]).cacheHome
        XCTAssertEqual(FreedesktopThumbnailCache.standard(environment: ["HOME": ""]).root, (databaseHome ?? "?") + "/thumbnails")
        XCTAssertNotEqual(FreedesktopThumbnailCache.standard(environment: ["HOME": ""]).root, "/.cache/thumbnails")
    }
}
