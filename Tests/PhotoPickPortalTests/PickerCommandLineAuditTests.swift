import Foundation
import TestSupport
import XCTest

/// No string an app sends may reach photopick's argument vector: a `parent_window` of
/// `--response=FILE` once made photopick write over FILE. The backend starts programs in one
/// place, with an argument vector made by `PickerCommandLine.argv`, which sees only the
/// program and the backend's own file paths. These checks fail if that changes.
final class PickerCommandLineAuditTests: XCTestCase {
    private static let sources = PortalTree.repository + "/Sources/PhotoPickPortal"

    private func files() throws -> [(path: String, text: String)] {
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: Self.sources))
        return try enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { relative in
            (relative, try String(contentsOfFile: Self.sources + "/" + relative, encoding: .utf8))
        }
    }

    /// Every process the backend starts is started in PickerJob, from PickerCommandLine.argv.
    func testProgramsAreStartedOnlyFromTheCommandLineBuilder() throws {
        var starts: [String] = []
        for (path, text) in try files() where path != "GLib/ChildProcess.swift" {
            for line in text.split(separator: "\n") where line.contains("ChildProcess(") || line.contains("g_subprocess")
                || line.contains("g_spawn") || line.contains("posix_spawn") || line.contains("execv") || line.contains("Process()") {
                starts.append("\(path): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        XCTAssertEqual(starts.count, 1, "\(starts)")
        XCTAssertTrue(starts.first?.hasPrefix("Backend/PickerJob.swift: process = try ChildProcess(PickerCommandLine.argv(") == true,
                      "\(starts)")
    }

    /// `photopick portal enable|disable|status` (Setup/, not the backend) runs two programs,
    /// each with arguments fixed in the source: the portal's `--version` and `systemctl --user`.
    func testTheChooserSetupRunsOnlyFixedCommands() throws {
        let sources = try files()
        var runs: [String] = []
        for (path, text) in sources {
            for line in text.split(separator: "\n") where line.contains("ProgramOutput.run(") {
                runs.append("\(path): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        XCTAssertEqual(runs, [
            #"Setup/InstalledPortal.swift: output = try ProgramOutput.run([program, "--version"], seconds: seconds)"#,
            #"Setup/PortalRestart.swift: func run(_ arguments: [String]) -> ProgramOutput? { try? ProgramOutput.run([systemctl, "--user"] + arguments, seconds: 60) }"#,
        ])
        // systemctl's arguments: literals and the unit's name, nothing else.
        let restart = try XCTUnwrap(sources.first { $0.path == "Setup/PortalRestart.swift" }?.text)
        let calls = try NSRegularExpression(pattern: #"\brun\(\[([^\]]*)\]\)"#)
            .matches(in: restart, range: NSRange(restart.startIndex..., in: restart))
            .map { String(restart[Range($0.range(at: 1), in: restart)!]) }
        XCTAssertEqual(calls.count, 3, "\(calls)")
        for call in calls {
            for argument in call.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                XCTAssertTrue(argument == "SetupPaths.portalUnit" || argument.range(of: #"^"[-a-z]+"$"#, options: .regularExpression) != nil,
                              "systemctl gets \(argument)")
            }
        }
    }

    /// The builder takes the program and the request's two files, and nothing of the call.
    func testTheBuilderSeesNothingOfTheCall() throws {
        let source = try XCTUnwrap(try files().first { $0.path == "Backend/PickerCommandLine.swift" }?.text)
        let text = source.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        for name in ["FileChooserCall", "OpenFileOptions", "PortalFilter", "PortalChoice", "parentWindow", "title", "appID",
                     "options", "Variant", "MethodInvocation"] {
            XCTAssertFalse(text.contains(name), "PickerCommandLine.swift mentions \(name)")
        }
        XCTAssertTrue(text.contains("static func argv(program: String, files: RequestFiles) -> [String]"))
        XCTAssertTrue(text.contains("init(folder: String, number: Int)"), "the files are named by the backend's folder and a counter")
    }
}
