import CVips
import Foundation
@testable import PhotoPickConvert
import PhotoPickCore
import PhotoPickSystem
import TestSupport
import XCTest

/// The export worker loads libvips' HEIF module by hand from beside libvips itself: the
/// folder comes from where the dynamic loader found libvips (dladdr), whatever the libdir,
/// and is named for that library's version (vips-modules-8.14 on Debian 12, 8.16 on 13).
final class VipsModuleFolderTests: XCTestCase {
    func testTheModuleFolderIsBesideTheLoadedLibvips() throws {
        let folder = try XCTUnwrap(VipsLibrary.moduleFolder(), "libvips is linked into this test")
        XCTAssertTrue(folder.hasSuffix("/vips-modules-\(vips_version(0)).\(vips_version(1))"), folder)
        // Debian's libvips ships its HEIF loader as a module: it is where the worker loads it from.
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/vips-heif.so"), "no HEIF module in \(folder)")
        // The folder the kernel maps libvips from (symbolic links resolved) is the same one.
        // Read to its end by hand: /proc files report a size of 0.
        let bytes = try XCTUnwrap(FileContents.read(RawPath("/proc/self/maps"), limit: 16 << 20))
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        let paths: [String] = lines.compactMap { line in line.firstIndex(of: "/").map { String(line[$0...]) } }
        let mapped = try XCTUnwrap(paths.first { $0.split(separator: "/").last?.hasPrefix("libvips.so") == true })
        let libdir = URL(fileURLWithPath: mapped).deletingLastPathComponent().resolvingSymlinksInPath().path
        let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().resolvingSymlinksInPath().path
        XCTAssertEqual(parent, libdir)
    }

    /// With libvips' own module search off, a HEIC is read by libvips' HEIF loader only if the
    /// module came from the right folder; otherwise it would go to the slower gdk-pixbuf path.
    func testAHEICIsReadByLibvipsHEIFModule() throws {
        guard HEIFWriter.canEncode else { throw XCTSkip("libheif has no HEVC encoder here, so no HEIC can be made") }
        XCTAssertTrue(VipsLibrary.ready, "libvips started")
        let dir = TemporaryDirectory()
        let path = dir.path + "/a.heic"
        try HEIFWriter.write(path, width: 64, height: 48)
        let image = try ImageExport.Header.open(path, original: RawPath(path), maxPixels: 1 << 20)
        defer { g_object_unref(image) }
        let header = ImageExport.Header(image)
        XCTAssertTrue(header.loader.hasPrefix("heifload"), "read by \(header.loader)")
        XCTAssertEqual([header.width, header.height], [64, 48])
    }
}
