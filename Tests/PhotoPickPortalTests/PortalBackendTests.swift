import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The backend called directly on `org.freedesktop.impl.portal.FileChooser`, as the frontend
/// calls it: malformed options, Close, the caller's name in the title, `current_folder`,
/// the configuration file, a missing delegate, a caller leaving the bus.
final class PortalBackendTests: XCTestCase {
    private static let shared = SharedDesktop()
    override class func tearDown() { shared.stop() }

    private var desktop: PortalDesktop!
    private var settingsFile: String { desktop.configHome + "/photopick/portal.conf" }
    private static let photos = "'filters': <@a(sa(us)) [('Photos', [(1, 'image/*')])]>"

    override func setUpWithError() throws {
        desktop = try Self.shared.get()
        desktop.removeReadyFile()
        try? FileManager.default.removeItem(atPath: settingsFile)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: settingsFile)
    }

    private func direct(_ method: String, title: String = "", appID: String = "", _ options: String) throws -> RunningProcess {
        try desktop.client(["--direct", "--app-id", appID, method, title, options])
    }

    private func configure(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: desktop.configHome + "/photopick", withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: settingsFile))
    }

    /// Options of the wrong type are answered 2 with one log line saying which; the backend
    /// then serves the next request as usual.
    func testMalformedRequestIsAnsweredTwoAndTheBackendGoesOn() throws {
        for (options, said) in [("{'multiple': <'yes'>}", "option 'multiple' is s, not b"),
                                ("{'filters': <[('Photos', [('image/*', 'x')])]>}", "option 'filters' is a(sa(ss)), not a(sa(us))"),
                                ("{'filters': <@a(sa(us)) [('Photos', [(7, 'image/*')])]>}", "filter 'Photos' has an item of kind 7"),
                                ("{'current_folder': <'/tmp'>}", "option 'current_folder' is s, not ay")] {
            let answer = try lastJSON(try direct("OpenFile", options).wait(timeout: 60))
            XCTAssertEqual(answer["response"] as? Int, 2, "\(options): \(answer)")
            XCTAssertEqual(desktop.backendLines().filter { $0.contains("is malformed: \(said)") && $0.hasSuffix("answered 2") }.count, 1,
                           "one log line for \(options): \(desktop.log())")
        }
        let good = try direct("OpenFile", title: "After the malformed ones", "{\(Self.photos)}")
        _ = try desktop.waitForPicker(title: "After the malformed ones", while: good)
        try desktop.press("Escape")
        XCTAssertEqual(try lastJSON(good.wait(timeout: 60))["response"] as? Int, 1)
    }

    /// `Request.Close` on the backend's Request object ends the window and the method call
    /// is answered 2 ("ended in some other way"), before Close returns.
    func testCloseEndsTheWindowAndAnswersTwo() throws {
        let client = try direct("OpenFile", title: "Closed directly", "{\(Self.photos)}")
        _ = try desktop.waitForPicker(title: "Closed directly", while: client)
        kill(client.process.processIdentifier, SIGUSR1)
        let out = client.wait(timeout: 60)
        let lines = out.stdoutText.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        XCTAssertEqual(lines.first?["closed"] as? Bool, true, out.stdoutText)
        XCTAssertEqual(lines.last?["response"] as? Int, 2, out.stdoutText)
        XCTAssertFalse(try desktop.hasWindow(["--name", "^Closed directly$"]))
    }

    /// Without a title the window says who asks: the name of the app id's desktop entry.
    func testUntitledRequestNamesTheApplication() throws {
        let applications = desktop.dataHome + "/applications"
        try FileManager.default.createDirectory(atPath: applications, withIntermediateDirectories: true)
        try Data("[Desktop Entry]\nType=Application\nName=Example Chat\nExec=true\n".utf8)
            .write(to: URL(fileURLWithPath: applications + "/org.example.Chat.desktop"))
        let client = try direct("OpenFile", appID: "org.example.Chat", "{\(Self.photos)}")
        _ = try desktop.waitForPicker(title: "Example Chat wants photos", while: client)
        try desktop.press("Escape")
        XCTAssertEqual(try lastJSON(client.wait(timeout: 60))["response"] as? Int, 1)

        desktop.removeReadyFile()
        let unknown = try direct("OpenFile", appID: "org.example.NoEntry", "{'filters': <@a(sa(us)) [('Clips', [(0, '*.mp4')])]>}")
        _ = try desktop.waitForPicker(title: "org.example.NoEntry wants videos", while: unknown)
        try desktop.press("Escape")
        XCTAssertEqual(try lastJSON(unknown.wait(timeout: 60))["response"] as? Int, 1)
    }

    /// `current_folder` (NUL-terminated bytes, here not UTF-8) is the folder the window opens on.
    func testCurrentFolderBytesAreHonoured() throws {
        let folder = Array((desktop.dir.path + "/Trip ").utf8) + [0xFF]
        XCTAssertEqual(mkdir(folder.map { CChar(bitPattern: $0) } + [0], 0o755), 0)
        let staged = desktop.dir.path + "/only.jpg"
        try ImageFactory.write(staged, width: 64, height: 48, format: .jpeg)
        XCTAssertEqual(rename(staged, (folder + Array("/only.jpg".utf8)).map { CChar(bitPattern: $0) } + [0]), 0)
        let bytes = (folder + [0]).map { String(format: "0x%02x", $0) }.joined(separator: ", ")
        let client = try direct("OpenFile", title: "From that folder", "{\(Self.photos), 'current_folder': <@ay [\(bytes)]>}")
        _ = try desktop.waitForPicker(title: "From that folder", while: client)
        try desktop.press("space", "Return")
        let answer = try lastJSON(client.wait(timeout: 60))
        XCTAssertEqual((answer["results"] as? [String: Any])?["uris"] as? [String],
                       ["file://" + desktop.dir.path + "/Trip%20%FF/only.jpg"], "\(answer)")
    }

    /// portal.conf: `OpenFile=every-open` brings requests without filters to photopick.
    func testEveryOpenTakesRequestsWithoutFilters() throws {
        try configure("[FileChooser]\nOpenFile=every-open\n")
        let client = try direct("OpenFile", title: "Anything", "@a{sv} {}")
        _ = try desktop.waitForPicker(title: "Anything", while: client)
        try desktop.press("Escape")
        XCTAssertEqual(try lastJSON(client.wait(timeout: 60))["response"] as? Int, 1)
    }

    /// A delegate that is not on the bus: response 2 at once, and a log line naming it.
    func testMissingDelegateIsAnsweredTwoWithALogLine() throws {
        try configure("[FileChooser]\nDelegate=org.example.NoSuchBackend\n")
        let answer = try lastJSON(try direct("SaveFile", "@a{sv} {}").wait(timeout: 60))
        XCTAssertEqual(answer["response"] as? Int, 2, "\(answer)")
        XCTAssertTrue(desktop.backendLines().contains { $0.contains("the delegate org.example.NoSuchBackend cannot answer") },
                      desktop.log())
    }

    /// `Close` on a handed-on request is relayed to the delegate, whose dialog goes away.
    func testCloseOfAHandedOnRequestIsRelayed() throws {
        let client = try direct("SaveFile", title: "Save elsewhere", "{'current_name': <'notes.txt'>}")
        _ = try desktop.waitForWindow(["--name", "^Save elsewhere$"], what: "-gtk's dialog")
        kill(client.process.processIdentifier, SIGUSR1)
        let out = client.wait(timeout: 60)
        XCTAssertTrue(out.stdoutText.contains("\"closed\": true"), out.stdoutText)
        XCTAssertEqual(try lastJSON(out)["response"] as? Int, 2, out.stdoutText)
        XCTAssertFalse(try desktop.hasWindow(["--name", "^Save elsewhere$"]))
    }

    /// An application that leaves the bus (crashes, quits) takes its window with it.
    func testCallerLeavingTheBusClosesItsWindow() throws {
        let client = try direct("OpenFile", title: "Orphaned", "{\(Self.photos)}")
        _ = try desktop.waitForPicker(title: "Orphaned", while: client)
        kill(client.process.processIdentifier, SIGKILL)
        _ = client.wait(timeout: 10)
        let deadline = Date().addingTimeInterval(30)
        while try desktop.hasWindow(["--name", "^Orphaned$"]), Date() < deadline { usleep(50_000) }
        XCTAssertFalse(try desktop.hasWindow(["--name", "^Orphaned$"]), desktop.log())
        XCTAssertTrue(desktop.backendLines().contains { $0.contains("left the bus") }, desktop.log())
    }
}
