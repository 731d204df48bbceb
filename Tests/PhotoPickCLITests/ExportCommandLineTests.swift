import Foundation
import PhotoPickCore
import TestSupport
import XCTest

/// The picker's export options through the real binary, read from the plan it prints under
/// PHOTOPICK_TEST_DUMP_PLAN=1 (no window): the command line, the request's `export` object,
/// both stacked, and their usage errors.
final class ExportCommandLineTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
    }

    private func run(_ args: [String]) throws -> ProcessRunner.Output {
        var env = ProcessInfo.processInfo.environment
        env["PHOTOPICK_TEST_DUMP_PLAN"] = "1"
        // Run in the temporary folder, so --export-dir is resolved against it.
        return try ProcessRunner.run("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", dir.path, Binaries.photopick] + args,
                                     environment: env)
    }

    private func export(_ args: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any]? {
        let out = try run(args + ["Pictures"])
        XCTAssertEqual(out.status, 0, out.stderrText, file: file, line: line)
        let plan = try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [String: Any], file: file, line: line)
        return plan["export"] as? [String: Any]
    }

    func testWithoutExportOptionsNothingIsExported() throws {
        let out = try run(["Pictures"])
        let plan = try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [String: Any])
        XCTAssertTrue(plan["export"] is NSNull)
    }

    func testEveryOptionReachesThePlan() throws {
        let e = try XCTUnwrap(try export(["--convert", "jpeg", "--max-size", "1024", "--quality", "70", "--strip-location",
                                          "--strip-metadata", "--max-bytes", "300000", "--export-dir", "out", "--export-choice"]))
        XCTAssertEqual(e["format"] as? String, "jpeg")
        XCTAssertEqual(e["max_size"] as? Int, 1024)
        XCTAssertEqual(e["quality"] as? Int, 70)
        XCTAssertEqual(e["strip_location"] as? Bool, true)
        XCTAssertEqual(e["strip_metadata"] as? Bool, true)
        XCTAssertEqual(e["max_bytes"] as? Int, 300_000)
        XCTAssertEqual(e["directory"] as? String, dir.path + "/out", "resolved against the current folder")
        XCTAssertEqual(e["user_choice"] as? Bool, true)
        let one = try XCTUnwrap(try export(["--max-size=512"]))
        XCTAssertEqual(one["max_size"] as? Int, 512)
        XCTAssertTrue(one["format"] is NSNull, "not asked: left to the default")
        XCTAssertEqual(try XCTUnwrap(try export(["--export-choice"]))["user_choice"] as? Bool, true,
                       "letting the user choose is an export by itself")
    }

    func testTheRequestsExportObjectAndTheCommandLineStack() throws {
        let request = dir.path + "/request.json"
        try Data(#"{"version": 1, "export": {"format": "png", "max_size": 2048, "strip_location": true, "user_choice": true}}"#.utf8)
            .write(to: URL(fileURLWithPath: request))
        let e = try XCTUnwrap(try export(["--request", request, "--max-size", "512"]))
        XCTAssertEqual(e["format"] as? String, "png")
        XCTAssertEqual(e["max_size"] as? Int, 512, "the command line over the request")
        XCTAssertEqual(e["strip_location"] as? Bool, true)
        XCTAssertEqual(e["user_choice"] as? Bool, true)
    }

    func testBadValuesAreUsageErrors() throws {
        for (args, fragment) in [(["--max-size", "0"], "export max size must be 1–65535"),
                                 (["--quality", "101"], "export quality must be 1–100"),
                                 (["--max-bytes", "10"], "export max bytes must be at least 1024"),
                                 (["--convert", "heic"], "heic")] {
            let out = try run(args + ["Pictures"])
            XCTAssertEqual(out.status, 2, "\(args)")
            XCTAssertTrue(out.stdout.isEmpty)
            XCTAssertTrue(out.stderrText.contains(fragment), "\(args): \(out.stderrText)")
        }
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir.path + "/afile"))
        let file = try run(["--export-dir", "afile", "Pictures"])
        XCTAssertEqual(file.status, 2)
        XCTAssertTrue(file.stderrText.contains("export folder \(dir.path)/afile is not a folder"), file.stderrText)
    }

    func testABadExportObjectGetsAnErrorResponse() throws {
        let request = dir.path + "/request.json", response = dir.path + "/response.json"
        try Data(#"{"export": {"quality": "high"}}"#.utf8).write(to: URL(fileURLWithPath: request))
        let out = try run(["--request", request, "--response", response, "Pictures"])
        XCTAssertEqual(out.status, 2)
        let answer = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: response))) as? [String: Any])
        XCTAssertEqual(answer["response"] as? Int, 2)
        XCTAssertEqual(answer["error"] as? String, "request: 'export.quality' must be a whole number, not a string")
    }

    func testZenityModeIgnoresExport() throws {
        let out = try run(["--file-selection", "--convert", "jpeg", "Pictures"])
        XCTAssertEqual(out.status, 0, out.stderrText)
        let plan = try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [String: Any])
        XCTAssertTrue(plan["export"] is NSNull)
        XCTAssertTrue(out.stderrText.contains("export options are ignored in zenity mode"), out.stderrText)
    }
}
