@testable import PhotoPickCore
import XCTest

/// `PathArena` keeps paths as folder + name in pages: every path must come back byte for
/// byte and compare, hash and order exactly as the `RawPath` it stood for, whatever its
/// bytes (not UTF-8, empty names, 255-byte names) and wherever its name fell in the pages.
final class PathArenaTests: XCTestCase {
    private static func hash(_ path: RawPath) -> Int {
        var hasher = Hasher()
        path.hash(into: &hasher)
        return hasher.finalize()
    }

    private static func hash(_ ref: PathArena.Ref, in arena: PathArena) -> Int {
        var hasher = Hasher()
        arena.hash(ref, into: &hasher)
        return hasher.finalize()
    }

    /// Stores `paths` and checks each against the plain array: read back, held, hashed.
    private func assertKeeps(_ paths: [RawPath], file: StaticString = #filePath, line: UInt = #line) -> (PathArena, [PathArena.Ref]) {
        var arena = PathArena()
        let refs = paths.map { arena.store($0) }
        for (path, ref) in zip(paths, refs) {
            XCTAssertEqual(arena.path(ref), path, "read back", file: file, line: line)
            XCTAssertTrue(arena.holds(ref, path), "\(path) held", file: file, line: line)
            XCTAssertEqual(Self.hash(ref, in: arena), Self.hash(path), "\(path) hashed as a RawPath", file: file, line: line)
        }
        return (arena, refs)
    }

    func testRandomPathsMatchAPlainArray() {
        var rng = SplitMix(state: 15)
        // Folders with odd bytes (not UTF-8, spaces, high bytes), one the prefix of another.
        let folders: [[UInt8]] = [Array("/lib/".utf8), Array("/lib/2024/".utf8), [0x2F, 0x6C, 0x69, 0x62, 0x2F, 0xFF, 0xFE, 0x2F],
                                  Array("/lib/caf\u{e9} \u{1F600}/".utf8), Array("/lib/a/".utf8), Array("/lib/a/b/".utf8), [0x2F], []]
        func name() -> [UInt8] {
            let length = [0, 1, 3, 12, 15, 40, 127, 128, 200, 255].randomElement(using: &rng)!
            // Any byte but NUL and the slash.
            return (0..<length).map { _ in
                var b = UInt8.random(in: 1...255, using: &rng)
                if b == UInt8(ascii: "/") { b = 0x80 }
                return b
            }
        }
        let paths = (0..<4_000).map { _ in RawPath(bytes: folders.randomElement(using: &rng)! + name()) }
        let (arena, refs) = assertKeeps(paths)
        for _ in 0..<20_000 {
            let i = Int.random(in: 0..<paths.count, using: &rng), j = Int.random(in: 0..<paths.count, using: &rng)
            XCTAssertEqual(arena.precedes(refs[i], refs[j]), paths[i] < paths[j], "\(paths[i]) vs \(paths[j])")
            XCTAssertEqual(arena.holds(refs[i], paths[j]), paths[i] == paths[j], "\(paths[i]) held as \(paths[j])")
        }
        // Sorting through the arena gives the byte order of the paths themselves.
        let order = refs.indices.sorted { arena.precedes(refs[$0], refs[$1]) }.map { paths[$0] }
        XCTAssertEqual(order, paths.sorted())
    }

    func testNamesAcrossPageBoundaries() {
        // 255-byte names (a byte of length each) fill a page every 1,020 or so: several pages,
        // a name at the very end of each and at the start of the next.
        let paths = (0..<5_000).map { i in
            RawPath(bytes: Array("/lib/\(i % 7)/".utf8) + Array(repeating: UInt8(65 + i % 26), count: 250) + Array(String(format: "%05d", i).utf8))
        }
        let (arena, _) = assertKeeps(paths)
        XCTAssertGreaterThan(arena.nameBytes, 4 * PathArena.pageSize, "the names span several pages")
    }

    func testANameLongerThanAPageHasAPageOfItsOwn() {
        let long = RawPath(bytes: Array(repeating: 0x61, count: PathArena.pageSize + 10))  // no slash: all name
        let paths = [RawPath("/lib/IMG_1.jpg"), long, RawPath("/lib/IMG_2.jpg"), RawPath(bytes: [0x2F] + long.bytes)]
        _ = assertKeeps(paths)
    }

    func testEmptyAndEdgeNames() {
        let paths = [RawPath(bytes: []), RawPath("/"), RawPath("/lib/"), RawPath("name"), RawPath("//"),
                     RawPath(bytes: [0x2F] + Array(repeating: 0xC3, count: 255)), RawPath("/lib/IMG_1.jpg")]
        let (arena, refs) = assertKeeps(paths)
        XCTAssertEqual(arena.path(.empty), RawPath(bytes: []), "the placeholder names the empty path")
        XCTAssertFalse(arena.holds(refs[1], RawPath(bytes: [])), "'/' is not the empty path")
        XCTAssertFalse(arena.holds(refs[3], RawPath("/name")), "a name without a folder is not one under /")
    }

    func testAFolderSeenAgainIsStoredOnce() {
        var arena = PathArena()
        let a = arena.store(RawPath("/lib/x/IMG_1.jpg"))
        _ = arena.store(RawPath("/lib/y/IMG_1.jpg"))
        let b = arena.store(RawPath("/lib/x/IMG_2.jpg"))  // back to a folder stored before
        XCTAssertTrue(arena.precedes(a, b))
        XCTAssertEqual(arena.path(b), RawPath("/lib/x/IMG_2.jpg"))
        XCTAssertEqual(arena.nameBytes, 1 + 3 * 10, "only the names (and the empty one) are in the pages")
    }
}
