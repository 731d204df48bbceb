import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// An app that may use the portal is a caller we do not control: nothing it sends becomes
/// an option, a path we write to or a second log line, it cannot open windows without end,
/// and a killed backend takes its window and its files with it.
final class HostileCallerTests: XCTestCase {
    private static let shared = SharedDesktop()
    override class func tearDown() { shared.stop() }

    private var desktop: PortalDesktop!
    private var root: String { desktop.library.root }
    private static let photos = "{'filters': <@a(sa(us)) [('Photos', [(1, 'image/*')])]>}"

    override func setUpWithError() throws {
        desktop = try Self.shared.get()
        desktop.removeReadyFile()
    }

    /// Through the real frontend: a parent_window that spells photopick's output options
    /// leaves the file it names untouched, and like a malformed one (`x11:zzz`) it only costs
    /// the window its parent: the app still gets its pick.
    func testParentWindowIsDataNeverAnOption() throws {
        let victim = desktop.dir.path + "/victim"
        let original = Data("ssh-ed25519 AAAA the user's key\n".utf8)
        for (index, parent) in ["--response=\(victim)", "--portal=\(victim)", "x11:zzz", "x11:0", "wayland:",
                                String(repeating: "x", count: 10_000)].enumerated() {
            try original.write(to: URL(fileURLWithPath: victim))
            desktop.removeReadyFile()
            let title = "Parent \(index)"
            let client = try desktop.client(["--parent-window", parent, "OpenFile", title, Self.photos])
            _ = try desktop.waitForPicker(title: title, while: client)
            try desktop.press("space", "Return")
            let answer = try lastJSON(client.wait(timeout: 60))
            XCTAssertEqual(answer["response"] as? Int, 0, "\(parent.prefix(30)): \(answer)")
            XCTAssertEqual((answer["results"] as? [String: Any])?["uris"] as? [String], ["file://\(root)/beach.jpg"])
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: victim)), original, "\(parent.prefix(30)) wrote over the file")
        }
        let notes = desktop.backendLines().filter { $0.contains("parent_window") && $0.contains("without a parent") }
        XCTAssertEqual(notes.count, 6, "one note each: \(desktop.log())")
        XCTAssertTrue(notes.allSatisfy { $0.count < 400 }, "long values are cut")
    }

    /// Odd but harmless requests are served: a choice id used twice (the frontend lets it
    /// through), a title far too long to show, and (from a frontend that does not check, here
    /// called directly: 1.16 refuses it) a default that is not among its options.
    func testOddButHarmlessRequestsAreServed() throws {
        let title = String(repeating: "Long title ", count: 30)
        let shown = String(title.prefix(199)) + "…"
        let options = """
            {'filters': <@a(sa(us)) [('Photos', [(1, 'image/*')])]>,
             'choices': <@a(ssa(ss)s) [('size', 'Size', [('s', 'Small'), ('o', 'Original')], 'o'),
                                       ('size', 'Size again', [('x', 'X')], 'x')]>}
            """
        let client = try desktop.client(["OpenFile", title, options])
        _ = try desktop.waitForPicker(title: shown, while: client)
        try desktop.press("space", "Return")
        let answer = try lastJSON(client.wait(timeout: 60))
        XCTAssertEqual(answer["response"] as? Int, 0, "\(answer); \(desktop.log())")
        let results = try XCTUnwrap(answer["results"] as? [String: Any])
        XCTAssertEqual(results["uris"] as? [String], ["file://\(root)/beach.jpg"])
        XCTAssertEqual(jsonText(results["choices"]), jsonText([["size", "o"], ["size", "o"]]),
                       "one answer per choice asked, in the app's order")

        desktop.removeReadyFile()
        let badDefault = """
            {'filters': <@a(sa(us)) [('Photos', [(1, 'image/*')])]>,
             'choices': <@a(ssa(ss)s) [('size', 'Size', [('s', 'Small'), ('o', 'Original')], 'huge'), ('strip', 'Strip', [], 'maybe')]>}
            """
        let direct = try desktop.client(["--direct", "OpenFile", "Bad defaults", badDefault])
        _ = try desktop.waitForPicker(title: "Bad defaults", while: direct)
        try desktop.press("space", "Return")
        let served = try lastJSON(direct.wait(timeout: 60))
        XCTAssertEqual(served["response"] as? Int, 0, "\(served); \(desktop.log())")
        XCTAssertEqual(jsonText((served["results"] as? [String: Any])?["choices"]), jsonText([["size", "s"], ["strip", "false"]]),
                       "photopick chose: the first option, unticked")
        let lines = desktop.backendLines()
        for said in ["choice id 'size' is used twice", "has a default ('huge') that is not one of its options",
                     "has a default ('maybe')", "title of 330 characters cut to 200"] {
            XCTAssertTrue(lines.contains { $0.contains(said) }, "\(said): \(lines)")
        }
    }

    /// A newline in an app id cannot forge a second journal line.
    func testTheLogEscapesWhatAnAppSends() throws {
        let client = try desktop.client(["--direct", "--app-id", "org.example.App\nphotopick-portal: forged", "OpenFile", "Escaped", Self.photos])
        _ = try desktop.waitForPicker(title: "Escaped", while: client)
        try desktop.press("Escape")
        _ = client.wait(timeout: 60)
        XCTAssertFalse(desktop.log().split(separator: "\n").contains { $0.hasPrefix("photopick-portal: forged") }, desktop.log())
        XCTAssertTrue(desktop.backendLines().contains { $0.contains("org.example.App\\nphotopick-portal: forged") }, desktop.log())
    }

    /// One app gets at most four windows at once; the fifth request is answered 2 at once.
    func testAnAppCannotOpenWindowsWithoutEnd() throws {
        let app = "org.example.Greedy"
        var open: [RunningProcess] = []
        for i in 1...4 {
            desktop.removeReadyFile()
            let client = try desktop.client(["--direct", "--app-id", app, "OpenFile", "Greedy \(i)", Self.photos])
            _ = try desktop.waitForPicker(title: "Greedy \(i)", while: client)
            open.append(client)
        }
        let fifth = try desktop.client(["--direct", "--app-id", app, "OpenFile", "Greedy 5", Self.photos])
        XCTAssertEqual(try lastJSON(fifth.wait(timeout: 60))["response"] as? Int, 2)
        XCTAssertTrue(desktop.backendLines().contains { $0.contains("4 photopick windows of this app are open already; answered 2") },
                      desktop.log())
        XCTAssertFalse(try desktop.hasWindow(["--name", "^Greedy 5$"]))
        // Another app is not held back by this one.
        desktop.removeReadyFile()
        let other = try desktop.client(["--direct", "--app-id", "org.example.Other", "OpenFile", "Other app", Self.photos])
        _ = try desktop.waitForPicker(title: "Other app", while: other)
        open.append(other)
        for client in open { kill(client.process.processIdentifier, SIGUSR1) }
        for client in open { _ = client.wait(timeout: 60) }
    }

    /// The private folder removed under a running backend is made anew for the next request.
    func testAVanishedRequestFolderIsMadeAgain() throws {
        let warm = try desktop.client(["--direct", "OpenFile", "Warm", Self.photos])
        _ = try desktop.waitForPicker(title: "Warm", while: warm)
        try desktop.press("Escape")
        _ = warm.wait(timeout: 60)
        let before = try requestFolders()
        XCTAssertEqual(before.count, 1, "\(before)")
        for folder in before { try FileManager.default.removeItem(atPath: folder) }
        desktop.removeReadyFile()
        let client = try desktop.client(["--direct", "OpenFile", "After removal", Self.photos])
        _ = try desktop.waitForPicker(title: "After removal", while: client)
        try desktop.press("space", "Return")
        XCTAssertEqual(try lastJSON(client.wait(timeout: 60))["response"] as? Int, 0)
        XCTAssertTrue(desktop.backendLines().contains { $0.contains("cannot be used (it is gone); making a new one") }, desktop.log())
    }

    /// kill -9 of the backend: the window it started goes with it, and the next backend removes
    /// the request files (the picked paths) the dead one left in XDG_RUNTIME_DIR.
    func testAKilledBackendTakesItsWindowAndFilesWithIt() throws {
        let client = try desktop.client(["--direct", "OpenFile", "Orphan", Self.photos])
        _ = try desktop.waitForPicker(title: "Orphan", while: client)
        let backend = try backendPID()
        let picker = try XCTUnwrap(desktop.backendLines().last { $0.contains("photopick window, process") }?
            .split(separator: " ").last.flatMap { Int32($0) })
        let left = try requestFolders()
        XCTAssertEqual(left.filter { $0.contains("photopick-portal-\(backend)-") }.count, 1, "\(left)")
        kill(backend, SIGKILL)
        let deadline = Date().addingTimeInterval(30)
        while kill(picker, 0) == 0 || errno != ESRCH {
            guard Date() < deadline else { return XCTFail("photopick \(picker) outlived its backend") }
            usleep(50_000)
        }
        _ = client.wait(timeout: 60)  // the call fails: its backend left the bus
        // The next request starts a new backend, which clears what the dead one left.
        desktop.removeReadyFile()
        let next = try desktop.client(["--direct", "OpenFile", "Next backend", Self.photos])
        _ = try desktop.waitForPicker(title: "Next backend", while: next)
        XCTAssertEqual(try requestFolders().filter { $0.contains("photopick-portal-\(backend)-") }, [])
        XCTAssertTrue(desktop.backendLines().contains { $0.contains("left by a backend that is not running") }, desktop.log())
        try desktop.press("Escape")
        _ = next.wait(timeout: 60)
    }

    /// Without a private XDG_RUNTIME_DIR the backend refuses to start, rather than use /tmp.
    func testNoPrivateRuntimeFolderNoBackend() throws {
        let open = desktop.dir.path + "/open-runtime"
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: true)
        chmod(open, 0o777)
        for (runtime, said) in [(nil as String?, "XDG_RUNTIME_DIR is not set"), ("relative", "XDG_RUNTIME_DIR is not set"),
                                (open, "is not private to this user")] {
            var env = desktop.environment()
            env["XDG_RUNTIME_DIR"] = runtime
            env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent"
            let out = try ProcessRunner.run(Binaries.portal, [], environment: env, timeout: 30)
            XCTAssertEqual(out.status, 1, out.stderrText)
            XCTAssertTrue(out.stderrText.contains(said), out.stderrText)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: open), [], "nothing made in an open folder")
    }

    private func requestFolders() throws -> [String] {
        let run = desktop.dir.path + "/run"
        return try FileManager.default.contentsOfDirectory(atPath: run).filter { $0.hasPrefix("photopick-portal-") }.map { run + "/" + $0 }
    }

    private func backendPID() throws -> Int32 {
        let out = try ProcessRunner.run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                                                           "/org/freedesktop/DBus", "--method",
                                                           "org.freedesktop.DBus.GetConnectionUnixProcessID",
                                                           "org.freedesktop.impl.portal.desktop.photopick"],
                                        environment: desktop.environment(), timeout: 30)
        // "(uint32 1234,)"
        let digits = out.stdoutText.split(whereSeparator: { !$0.isNumber }).last { !$0.isEmpty && $0 != "32" }
        return try XCTUnwrap(digits.flatMap { Int32($0) }, out.stdoutText + out.stderrText)
    }
}
