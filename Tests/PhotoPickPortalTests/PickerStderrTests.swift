import Foundation
import TestSupport
import XCTest

/// What photopick prints on stderr may hold what an app chose (a folder's name, newlines
/// and all): the backend reads it line by line and writes each into its own journal line,
/// escaped and cut, so none can pass for a line of the backend's. The desktop's photopick is
/// wrapped to print such lines first, as a folder named by an app once made it do.
final class PickerStderrTests: XCTestCase {
    private static let work = NSTemporaryDirectory() + "photopick-portal-stderr-\(getpid())"
    private static let wrapper = work + "/photopick-printing"
    private static let shared = SharedDesktop(environment: ["PHOTOPICK_BIN": wrapper])

    override class func setUp() {
        super.setUp()
        try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            printf 'photopick: warning: /x\\nphotopick-portal: #999 forged, answered 0 with 3 file(s)\\n' >&2
            head -c 5000 /dev/zero | tr '\\0' 'w' >&2; echo >&2
            exec '\(Binaries.photopick)' "$@"

            """
        _ = FileManager.default.createFile(atPath: wrapper, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755])
    }

    override class func tearDown() {
        shared.stop()
        try? FileManager.default.removeItem(atPath: work)
    }

    func testPhotopicksLinesAreTheBackendsEscapedAndCut() throws {
        let desktop = try Self.shared.get()
        desktop.removeReadyFile()
        let client = try desktop.client(["OpenFile", "Stderr", "{'filters': <@a(sa(us)) [('Photos', [(1, 'image/*')])]>}"])
        _ = try desktop.waitForPicker(title: "Stderr", while: client)
        try desktop.press("Escape")
        XCTAssertEqual(try lastJSON(client.wait(timeout: 60))["response"] as? Int, 1)
        let lines = desktop.log().split(separator: "\n")
        XCTAssertFalse(lines.contains { $0.hasPrefix("photopick-portal: #999") }, desktop.log())
        XCTAssertFalse(lines.contains { $0.hasPrefix("photopick: warning: /x") }, "photopick's stderr is not the journal's")
        let relayed = desktop.backendLines().filter { $0.contains("OpenFile") && $0.contains("photopick: warning: /x") }
        XCTAssertEqual(relayed.count, 1, desktop.log())
        let long = desktop.backendLines().filter { $0.contains("wwwww") }
        XCTAssertEqual(long.count, 1)
        XCTAssertLessThan(long.first?.count ?? 0, 700, "a long line is cut")
    }
}
