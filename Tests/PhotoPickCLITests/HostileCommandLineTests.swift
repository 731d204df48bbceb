import Foundation
import PhotoPickCore
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `photopick list` and `albums` over the hostile library, as root and as an unprivileged
/// user: every odd name comes back byte for byte, unreadable folders are warnings, and
/// nothing hangs.
final class HostileCommandLineTests: XCTestCase {
    private func environment(cacheHome: String) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = cacheHome
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        return env
    }

    /// One path per photo: of a file reached by several paths (links), exactly one.
    private func assertListed(_ listed: [RawPath], _ library: HostileLibrary, asRoot: Bool,
                              file: StaticString = #filePath, line: UInt = #line) {
        let set = Set(listed)
        XCTAssertEqual(set.count, listed.count, "a path listed twice", file: file, line: line)
        var expected = library.expectedMedia(asRoot: asRoot)
        let linked = Set(library.aliases.keys).union(library.aliases.values)
        expected.subtract(linked)
        XCTAssertEqual(set.intersection(linked).count, 1, "a photo reached through links is listed once", file: file, line: line)
        let missing = expected.subtracting(set)
        XCTAssertEqual(missing.sorted().prefix(5).map(\.description), [], "missing", file: file, line: line)
        let unexpected = set.subtracting(expected).subtracting(linked).subtracting(library.corpus)
        XCTAssertEqual(unexpected.sorted().map(\.description), [], "listed but not media", file: file, line: line)
    }

    func testTheHostileLibraryIsListedByteForByte() throws {
        let dir = TemporaryDirectory()
        // 5,000 in one folder here: the scanner and window tests take the full 20,000.
        let library = try HostileLibrary.make(in: dir, manyCount: 5000)
        let env = environment(cacheHome: dir.path + "/cache")
        let started = Date()
        let json = try ProcessRunner.run(Binaries.photopick, ["list", "--json", library.root.description], environment: env, timeout: 90)
        XCTAssertLessThan(Date().timeIntervalSince(started), 60)
        XCTAssertEqual(json.status, 0, json.stderrText)
        let fromJSON = try OutputDecoder.paths(Array(json.stdout), format: .json)
        assertListed(fromJSON, library, asRoot: getuid() == 0)
        for name in library.oddNames + [library.oddFolderPhoto, library.deepPhoto] {
            XCTAssertTrue(fromJSON.contains(name), "\(name.bytes)")
        }

    }

    func testLinesAndAlbumsKeepHostileNamesToo() throws {
        let dir = TemporaryDirectory()
        let library = try HostileLibrary.make(in: dir, manyCount: 30)
        let env = environment(cacheHome: dir.path + "/cache")
        let json = try ProcessRunner.run(Binaries.photopick, ["list", "--json", library.root.description], environment: env)
        let fromJSON = try OutputDecoder.paths(Array(json.stdout), format: .json)
        let lines = try ProcessRunner.run(Binaries.photopick, ["list", library.root.description], environment: env)
        XCTAssertEqual(lines.status, 0, lines.stderrText)
        XCTAssertEqual(try OutputDecoder.paths(Array(lines.stdout), format: .lines), fromJSON, "lines and JSON agree, in order")
        assertListed(fromJSON, library, asRoot: getuid() == 0)

        // Albums: the folder with a hostile name keeps its bytes too.
        let albums = try ProcessRunner.run(Binaries.photopick, ["albums", "--json", library.root.description], environment: env)
        XCTAssertEqual(albums.status, 0, albums.stderrText)
        guard case .array(let items) = try JSONParser.parse(Array(albums.stdout)) else { return XCTFail("not an array") }
        let paths = items.compactMap { item -> [UInt8]? in
            guard case .object(let members) = item else { return nil }
            return OutputDecoder.bytes(members.first { $0.0 == "path" }?.1)
        }
        XCTAssertTrue(paths.contains(library.oddFolderPhoto.parent.bytes))
        XCTAssertTrue(paths.contains(library.deepPhoto.parent.bytes))
    }

    /// Run as nobody: the locked folder is a warning, the unsearchable folder too, the
    /// unreadable file is left out, everything else is listed; with no writable cache at all
    /// it works the same.
    func testUnreadableFoldersAsAnUnprivilegedUser() throws {
        if let reason = Unprivileged.unavailableReason { throw XCTSkip(reason) }
        let dir = TemporaryDirectory()
        let library = try HostileLibrary.make(in: dir, manyCount: 50, includeCorpus: false)
        let programs = TemporaryDirectory()
        let photopick = try Unprivileged.installPrograms(in: programs)
        var env = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "LANG": "C.UTF-8"]
        for cacheHome in [try Unprivileged.writableFolder(in: dir, "cache"), "/nonexistent/cache"] {
            env["XDG_CACHE_HOME"] = cacheHome
            let out = try Unprivileged.run(photopick, ["list", "--json", library.root.description], environment: env, timeout: 60)
            XCTAssertEqual(out.status, 0, out.stderrText)
            assertListed(try OutputDecoder.paths(Array(out.stdout), format: .json), library, asRoot: false)
            XCTAssertTrue(out.stderrText.contains("warning: \(library.lockedFolder)"), out.stderrText)
            XCTAssertTrue(out.stderrText.contains("/noexec"), out.stderrText)
            XCTAssertTrue(out.stderrText.contains("Permission denied"), out.stderrText)
        }
    }
}
