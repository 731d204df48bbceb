import Foundation
import PhotoPickGLib
import TestSupportCore
import XCTest

/// The one GKeyFile reader: files, bytes and text, read as GLib reads them.
final class KeyFileTests: XCTestCase {
    private let text = """
        # a comment
        [Group]
        Name=with\\sescapes\\;
        List=a;b\\;c;;
        Name=again
        Raw=x\\ty

        [Other]
        Key=value
        """

    func testValuesListsAndKeysAsGLibReadsThem() throws {
        let file = try XCTUnwrap(KeyFile(text: text))
        XCTAssertEqual(file.string("Group", "Name"), "again", "the last of a repeated key wins, as in GLib")
        XCTAssertEqual(file.keys("Group"), ["Name", "List", "Raw"], "file order, a repeated key once")
        XCTAssertEqual(file.stringList("Group", "List"), ["a", "b;c", ""])
        XCTAssertEqual(file.list("Group", "List"), ["a", "b;c", ""])
        XCTAssertEqual(file.rawValue("Group", "Raw"), "x\\ty", "the value as written")
        XCTAssertEqual(file.string("Group", "Raw"), "x\ty")
        XCTAssertEqual(file.group("Other"), ["Key": "value"])
        XCTAssertTrue(file.hasKey("Other", "Key"))
        XCTAssertFalse(file.hasKey("Other", "Missing"))
        XCTAssertNil(file.string("Group", "Missing"))
        XCTAssertNil(file.stringList("Group", "Missing"))
        XCTAssertEqual(file.list("Group", "Missing"), [])
        XCTAssertEqual(file.keys("Missing"), [])
    }

    func testAFileIsReadAndAMissingOneIsNoProblem() throws {
        let dir = TemporaryDirectory()
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir.path + "/a.conf"))
        XCTAssertEqual(KeyFile(path: dir.path + "/a.conf")?.string("Other", "Key"), "value")
        var problems: [String] = []
        XCTAssertNil(KeyFile(path: dir.path + "/missing.conf", problem: { problems.append($0) }))
        XCTAssertEqual(problems, [], "a missing file is not a problem worth a word")
    }

    func testWhatIsNoKeyFileSaysWhy() throws {
        let dir = TemporaryDirectory()
        try Data("no group line\n".utf8).write(to: URL(fileURLWithPath: dir.path + "/bad.conf"))
        var problems: [String] = []
        XCTAssertNil(KeyFile(path: dir.path + "/bad.conf", problem: { problems.append($0) }))
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems.first?.hasPrefix(dir.path + "/bad.conf: ") == true, "\(problems)")
        problems = []
        XCTAssertNil(KeyFile(bytes: Array("[Group\nKey=value\n".utf8), problem: { problems.append($0) }))
        XCTAssertEqual(problems.count, 1)
        XCTAssertNil(KeyFile(text: "Key=value before any group\n"))
    }
}
