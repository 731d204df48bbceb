import Foundation
import PhotoPickCore
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `list` and `albums` take folder arguments as bytes, as the window does: Swift hands
/// arguments (and FileManager the current folder) over repaired to U+FFFD.
final class NonUTF8FolderArgumentTests: XCTestCase {
    private var dir: TemporaryDirectory!
    /// `DIR/\xFFodd`, holding `sub/\xFE.jpg`.
    private var odd: RawPath!
    private var photo: RawPath!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        odd = RawPath(dir.path).appending(component: [0xFF] + Array("odd".utf8))
        let sub = odd.appending(component: Array("sub".utf8))
        XCTAssertEqual(odd.withCString { mkdir($0, 0o755) }, 0)
        XCTAssertEqual(sub.withCString { mkdir($0, 0o755) }, 0)
        try ImageFactory.write(dir.path + "/made.jpg", width: 16, height: 16, format: .jpeg)
        photo = sub.appending(component: [0xFE] + Array(".jpg".utf8))
        try RawFiles.write(RawFiles.read(dir.path + "/made.jpg"), to: photo)
    }

    /// Runs `script` in sh with `$1` the test folder and `$2` photopick (printf makes the bytes).
    private func sh(_ script: String) throws -> ProcessRunner.Output {
        try ProcessRunner.run("/bin/sh", ["-c", script, "sh", dir.path, Binaries.photopick],
                              environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C", "HOME": dir.path,
                                            "XDG_CACHE_HOME": dir.path + "/cache"])
    }

    func testListTakesANonUTF8FolderByteForByte() throws {
        let out = try sh(#"exec "$2" list "$1/$(printf '\377odd')""#)
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(Array(out.stdout), photo.bytes + [0x0A])
        let albums = try sh(#"exec "$2" albums --json "$1/$(printf '\377odd')""#)
        XCTAssertEqual(albums.status, 0, albums.stderrText)
        XCTAssertTrue(albums.stdoutText.contains(#""path": "\#(dir.path)/\udcffodd/sub""#), albums.stdoutText)
    }

    func testRelativeFolderFromANonUTF8CurrentFolder() throws {
        let out = try sh(#"cd "$1/$(printf '\377odd')" && exec "$2" list sub"#)
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(Array(out.stdout), photo.bytes + [0x0A])
        let albums = try sh(#"cd "$1/$(printf '\377odd')" && exec "$2" albums ."#)
        XCTAssertEqual(albums.status, 0, albums.stderrText)
        XCTAssertTrue(albums.stdoutText.hasPrefix("All Photos\t1\n"), albums.stdoutText)
        XCTAssertTrue(albums.stdoutText.hasSuffix("\nsub\t1\n"), albums.stdoutText)
    }

    /// Two arguments Swift repairs to the same string keep their own bytes.
    func testTwoNonUTF8FoldersAreNotConfused() throws {
        let other = RawPath(dir.path).appending(component: [0xFE] + Array("odd".utf8))
        XCTAssertEqual(other.withCString { mkdir($0, 0o755) }, 0)
        let out = try sh(#"exec "$2" list "$1/$(printf '\376odd')" "$1/$(printf '\377odd')""#)
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(Array(out.stdout), photo.bytes + [0x0A])
    }

    func testErrorPrintsTheFolderBytes() throws {
        let out = try sh(#"exec "$2" list "$1/$(printf '\377')nope""#)
        XCTAssertEqual(out.status, 2)
        XCTAssertEqual(Array(out.stderr), Array("photopick: \(dir.path)/".utf8) + [0xFF] + Array("nope: not a folder\n".utf8))
        XCTAssertTrue(out.stdout.isEmpty)
    }

    /// The window's own check of its folder arguments (and of a request's `current_folder`):
    /// the bytes on stderr, `\udcXX` escapes in the JSON response.
    func testTheWindowsNotAFolderErrorKeepsTheFolderBytes() throws {
        let out = try sh(#"exec "$2" --response "$1/r.json" "$1/$(printf '\377')nope""#)
        XCTAssertEqual(out.status, 2, out.stderrText)
        XCTAssertEqual(Array(out.stderr), Array("photopick: \(dir.path)/".utf8) + [0xFF] + Array("nope: not a folder\n".utf8))
        let response = try String(contentsOfFile: dir.path + "/r.json", encoding: .utf8)
        XCTAssertTrue(response.contains(#""error": "\#(dir.path)/\udcffnope: not a folder""#), response)
    }

    func testARequestsCurrentFolderErrorKeepsTheFolderBytes() throws {
        try Data(#"{"current_folder": "\#(dir.path)/\udcffnope"}"#.utf8).write(to: URL(fileURLWithPath: dir.path + "/q.json"))
        let out = try sh(#"exec "$2" --request "$1/q.json" --response "$1/r.json""#)
        XCTAssertEqual(out.status, 2, out.stderrText)
        XCTAssertEqual(Array(out.stderr), Array("photopick: request: 'current_folder' \(dir.path)/".utf8) + [0xFF]
            + Array("nope is not a folder\n".utf8))
        let response = try String(contentsOfFile: dir.path + "/r.json", encoding: .utf8)
        XCTAssertTrue(response.contains(#"is not a folder""#) && response.contains(#"/\udcffnope"#), response)
    }
}
