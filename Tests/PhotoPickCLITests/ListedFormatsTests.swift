import Foundation
import PhotoPickCore
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Text image formats gdk-pixbuf decodes are listed, and a media file that cannot be read is
/// reported on stderr as an unreadable folder is, not dropped without a word.
final class ListedFormatsTests: XCTestCase {
    func testASCIIPPMAndXBMAreListedWithTheirTypes() throws {
        let dir = TemporaryDirectory()
        let root = dir.path + "/lib"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data("P3\n2 1\n255\n255 0 0  0 0 255\n".utf8).write(to: URL(fileURLWithPath: root + "/ascii.ppm"))
        try Data("#define dot_width 8\n#define dot_height 2\nstatic unsigned char dot_bits[] = {\n 0xff, 0x00 };\n".utf8)
            .write(to: URL(fileURLWithPath: root + "/dot.xbm"))
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = dir.path + "/cache"
        let out = try ProcessRunner.run(Binaries.photopick, ["list", "--json", "--sort", "name", root], environment: env)
        XCTAssertEqual(out.status, 0, out.stderrText)
        let assets = try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [[String: Any]])
        XCTAssertEqual(assets.map { $0["name"] as? String }, ["ascii.ppm", "dot.xbm"])
        XCTAssertEqual(assets.map { $0["mime_type"] as? String }, ["image/x-portable-pixmap", "image/x-xbitmap"])
    }

    /// Run as nobody when the tests run as root (root reads a mode-000 file).
    func testAnUnreadablePhotoIsAProblemLine() throws {
        let dir = TemporaryDirectory()
        chmod(dir.path, 0o755)
        let root = dir.path + "/lib"
        try ImageFactory.write(root + "/fine.jpg", width: 16, height: 16, format: .jpeg)
        try ImageFactory.write(root + "/locked.jpg", width: 16, height: 16, format: .jpeg)
        try Data("private\n".utf8).write(to: URL(fileURLWithPath: root + "/notes.txt"))
        chmod(root, 0o755)
        chmod(root + "/fine.jpg", 0o644)
        chmod(root + "/locked.jpg", 0)
        chmod(root + "/notes.txt", 0)
        let out: ProcessRunner.Output
        if getuid() == 0 {
            if let reason = Unprivileged.unavailableReason { throw XCTSkip(reason) }
            let programs = TemporaryDirectory()
            let photopick = try Unprivileged.installPrograms(in: programs)
            let cache = try Unprivileged.writableFolder(in: dir, "cache")
            out = try Unprivileged.run(photopick, ["list", root], environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent",
                                                                              "XDG_CACHE_HOME": cache])
        } else {
            var env = ProcessInfo.processInfo.environment
            env["XDG_CACHE_HOME"] = dir.path + "/cache"
            out = try ProcessRunner.run(Binaries.photopick, ["list", root], environment: env)
        }
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, root + "/fine.jpg\n")
        XCTAssertEqual(out.stderrText, "photopick: warning: \(root)/locked.jpg: Permission denied\n",
                       "one line for the photo; a file whose name says nothing of media is not mentioned")
    }
}
