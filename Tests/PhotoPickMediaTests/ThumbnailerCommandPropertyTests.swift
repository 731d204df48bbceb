import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// Property test moved from the Core reliability tests with the thumbnailer code.
final class ThumbnailerCommandPropertyTests: XCTestCase {
    /// No shell sees a file name: whatever a name holds, it is exactly one argument of an
    /// installed thumbnailer's command, wherever `%i` or `%u` stands in its Exec line.
    func testFileNamesAreSingleArgumentsOfThumbnailerCommands() throws {
        var random = SeededGenerator(seed: 0x5EED_000A)
        let entry = ThumbnailerEntry(name: "t", tryExec: nil, exec: #"/usr/bin/thumb -s %s %u %o --input=%i '%i' "%i""#,
                                     mimeTypes: ["image/png"])
        for _ in 0..<1000 {
            let name = String(decoding: random.trickyBytes(maxLength: 30).filter { $0 != 0 && $0 != 0x2F }, as: UTF8.self)
            let path = "/photos/" + name + " $(touch pwned) `id`; 'q' \"dq\".jpg"
            let uri = FileURI.encode(RawPath(path))
            let arguments = try entry.arguments(size: 256, inputURI: uri, inputPath: path, output: "/tmp/o.png")
            XCTAssertEqual(arguments, ["/usr/bin/thumb", "-s", "256", uri, "/tmp/o.png", "--input=" + path, path, path])
        }
    }
}
