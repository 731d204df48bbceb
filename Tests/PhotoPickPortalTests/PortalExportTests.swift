import Foundation
import TestSupport
import XCTest

/// An export that writes some picks and not others, through the real xdg-desktop-portal:
/// photopick answers 2 with the files it wrote, and the frontend passes files on only with
/// response 0, so the backend answers 0 with those files and logs the ones that failed.
/// The desktop's photopick is wrapped to export (`--convert jpeg`), as a portal request
/// cannot ask for it.
final class PortalExportTests: XCTestCase {
    private static let work = NSTemporaryDirectory() + "photopick-portal-export-\(getpid())"
    private static let exports = work + "/exports"
    private static let wrapper = work + "/photopick-exporting"
    private static let shared = SharedDesktop(environment: ["PHOTOPICK_BIN": wrapper])

    override class func setUp() {
        super.setUp()
        try? FileManager.default.createDirectory(atPath: exports, withIntermediateDirectories: true)
        let script = "#!/bin/sh\nexec '\(Binaries.photopick)' --convert jpeg --max-size 256 --export-dir '\(exports)' \"$@\"\n"
        _ = FileManager.default.createFile(atPath: wrapper, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755])
    }

    override class func tearDown() {
        shared.stop()
        try? FileManager.default.removeItem(atPath: work)
    }

    func testAPartialExportReachesTheCallerWithResponseZero() throws {
        let desktop = try Self.shared.get()
        desktop.removeReadyFile()
        let root = desktop.library.root
        // Says JPEG, cannot be decoded: listed and pickable, not exportable; the newest, so first.
        let broken = root + "/broken.jpg"
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(" this is not really a JPEG".utf8)).write(to: URL(fileURLWithPath: broken))
        try ImageFactory.setModified(broken, 1_700_000_000 + 10 * 3600)
        let client = try desktop.client(["OpenFile", "Export some", "{'multiple': <true>, 'filters': <@a(sa(us)) [('Photos', [(1, 'image/*')])]>}"])
        _ = try desktop.waitForPicker(title: "Export some", while: client)
        try desktop.press("space", "Right", "space", "Return")  // broken.jpg, then beach.jpg
        let answer = try lastJSON(client.wait(timeout: 120))
        XCTAssertEqual(answer["response"] as? Int, 0, "\(answer)\n\(desktop.log())")
        let results = try XCTUnwrap(answer["results"] as? [String: Any])
        XCTAssertEqual(results["uris"] as? [String], ["file://\(Self.exports)/beach.jpg"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: Self.exports + "/beach.jpg"))
        XCTAssertTrue(desktop.backendLines().contains { $0.contains("not exported: \(broken): ") }, desktop.log())
    }

    func testAnExportThatWroteNothingIsStillAnError() throws {
        let desktop = try Self.shared.get()
        desktop.removeReadyFile()
        let root = desktop.library.root
        let broken = root + "/broken-too.jpg"
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(" nor is this".utf8)).write(to: URL(fileURLWithPath: broken))
        try ImageFactory.setModified(broken, 1_700_000_000 + 20 * 3600)
        let client = try desktop.client(["OpenFile", "Export none", "{'filters': <@a(sa(us)) [('Photos', [(1, 'image/*')])]>}"])
        _ = try desktop.waitForPicker(title: "Export none", while: client)
        try desktop.press("space", "Return")  // broken-too.jpg alone
        let answer = try lastJSON(client.wait(timeout: 120))
        XCTAssertEqual(answer["response"] as? Int, 2, "\(answer)")
        XCTAssertEqual((answer["results"] as? [String: Any])?["uris"] as? [String], [])
    }
}
