import Foundation
import PhotoPickCore
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The chooser's command line through the real binary: every option's effect (read from
/// the plan the binary prints under PHOTOPICK_TEST_DUMP_PLAN=1, without a window), usage
/// errors, and the response file a failing run still writes.
final class ChooserCommandLineTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
    }

    private func run(_ args: [String], env extra: [String: String] = [:]) throws -> ProcessRunner.Output {
        let command = self.command(args, env: extra)
        return try ProcessRunner.run(command.executable, command.arguments, environment: command.environment)
    }

    private func command(_ args: [String], env extra: [String: String] = [:]) -> ProcessRunner.Run {
        var env = ProcessInfo.processInfo.environment
        for (k, v) in extra { env[k] = v }
        // Run in the temporary folder, so relative paths are checked too.
        return ProcessRunner.Run("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", dir.path, Binaries.photopick] + args, environment: env)
    }

    private func plan(_ args: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let out = try run(args, env: ["PHOTOPICK_TEST_DUMP_PLAN": "1"])
        XCTAssertEqual(out.status, 0, out.stderrText, file: file, line: line)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [String: Any], file: file, line: line)
    }

    /// A usage error to check: the arguments, a fragment of the message, the line that asks.
    private struct UsageError {
        let args: [String], fragment: String, line: UInt
    }

    private func usage(_ args: [String], _ fragment: String, line: UInt = #line) -> UsageError {
        UsageError(args: args, fragment: fragment, line: line)
    }

    /// Each command line exits 2 with one line on stderr that names the problem. The distinct
    /// command lines run side by side (each is mostly a program starting up).
    private func assertUsageErrors(_ errors: [UsageError], file: StaticString = #filePath) throws {
        var distinct: [[String]] = []
        for error in errors where !distinct.contains(error.args) { distinct.append(error.args) }
        let outputs = try ProcessRunner.runAll(distinct.map { command($0, env: ["PHOTOPICK_TEST_DUMP_PLAN": "1"]) })
        for error in errors {
            let out = outputs[distinct.firstIndex(of: error.args)!]
            assertUsageError(out, error.args, error.fragment, file: file, line: error.line)
        }
    }

    private func assertUsageError(_ out: ProcessRunner.Output, _ args: [String], _ fragment: String,
                                  file: StaticString, line: UInt) {
        XCTAssertEqual(out.status, 2, "\(args) should be a usage error", file: file, line: line)
        XCTAssertTrue(out.stdout.isEmpty, file: file, line: line)
        let lines = out.stderrText.split(separator: "\n")
        XCTAssertTrue(lines.first?.hasPrefix("photopick: ") == true, out.stderrText, file: file, line: line)
        XCTAssertTrue(out.stderrText.contains(fragment), "'\(out.stderrText)' should contain '\(fragment)'", file: file, line: line)
        XCTAssertFalse(lines.contains { $0.contains("warning") }, file: file, line: line)
    }

    // MARK: Options

    func testDefaultsPrintLines() throws {
        let p = try plan(["Pictures"])
        XCTAssertEqual(p["stdout"] as? String, "lines")
        XCTAssertEqual(p["roots"] as? [String], [library.root])
        XCTAssertEqual(p["title"] as? String, "Select Photos")
        XCTAssertEqual(p["accept_label"] as? String, "Add")
        XCTAssertTrue(p["max"] is NSNull)
        XCTAssertEqual(p["copy"] as? Bool, false)
    }

    func testSelectionOptions() throws {
        XCTAssertEqual(try plan(["--single"])["max"] as? Int, 1)
        XCTAssertTrue(try plan(["--multiple"])["max"] is NSNull)
        let limits = try plan(["--max", "4", "--min=2"])
        XCTAssertEqual(limits["max"] as? Int, 4)
        XCTAssertEqual(limits["min"] as? Int, 2)
        let pre = try plan(["--select", "Pictures/beach.jpg", "--select", "file://\(library.root)/Screenshots/shot-1.png", "Pictures"])
        XCTAssertEqual(pre["preselect"] as? [String], [library.root + "/beach.jpg", library.root + "/Screenshots/shot-1.png"])
    }

    func testShowOptions() throws {
        let p = try plan(["--type", "photos", "--mime-type", "image/*", "--mime-type", "image/png", "--pattern", "*.png",
                          "--filter", "Images | *.jpg *.png", "--filter", "*.gif", "--album", "Screenshots",
                          "--group", "day", "--sort", "size"])
        XCTAssertEqual(p["type"] as? String, "photos")
        XCTAssertEqual(p["mime_types"] as? [String], ["image/*", "image/png"])
        XCTAssertEqual(p["patterns"] as? [String], ["*.png"])
        let filters = try XCTUnwrap(p["filters"] as? [[String: Any]])
        XCTAssertEqual(filters.map { $0["name"] as? String }, ["Images", "*.gif"])
        XCTAssertEqual(filters[0]["patterns"] as? [String], ["*.jpg", "*.png"])
        XCTAssertEqual(p["current_filter"] as? Int, 0)
        XCTAssertEqual(p["album"] as? String, "Screenshots")
        XCTAssertEqual(p["group"] as? String, "day")
        XCTAssertEqual(p["sort"] as? String, "size")
        XCTAssertEqual(try plan(["--type", "videos"])["type"] as? String, "videos")
    }

    func testWindowOptions() throws {
        let p = try plan(["--title", "Choose a cover", "--accept-label", "_Use"])
        XCTAssertEqual(p["title"] as? String, "Choose a cover")
        XCTAssertEqual(p["accept_label"] as? String, "_Use")
        let copy = try plan(["--copy"])
        XCTAssertEqual(copy["copy"] as? Bool, true)
        XCTAssertEqual(copy["accept_label"] as? String, "Copy")
        XCTAssertTrue(copy["stdout"] is NSNull)
    }

    func testStartedFromTheDesktopCopies() throws {
        // Nobody reads stdout (here /dev/null): the accept button becomes Copy.
        let planFile = dir.path + "/plan.json"
        let desktop = try ProcessRunner.run("/bin/sh", ["-c", "exec \"$0\" \"$1\" >/dev/null", Binaries.photopick, library.root],
                                            environment: ["PHOTOPICK_TEST_DUMP_PLAN": planFile, "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(desktop.status, 0, desktop.stderrText)
        let desktopPlan = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: planFile))) as? [String: Any])
        XCTAssertEqual(desktopPlan["copy"] as? Bool, true)
        XCTAssertEqual(desktopPlan["accept_label"] as? String, "Copy")
        // A pipe (here the test's) is a reader: no Copy.
        XCTAssertEqual(try plan([library.root])["copy"] as? Bool, false)
        XCTAssertEqual(try plan(["--no-copy"])["copy"] as? Bool, false)
    }

    func testOutputOptions() throws {
        for format in ["lines", "null", "uri", "json", "jsonl"] {
            XCTAssertEqual(try plan(["--format", format])["stdout"] as? String, format)
        }
        XCTAssertEqual(try plan(["--print0"])["stdout"] as? String, "null")
        XCTAssertEqual(try plan(["--response", "r.json"])["stdout"] as? NSNull, NSNull())
        XCTAssertEqual(try plan(["--response", "r.json"])["response"] as? String, dir.path + "/r.json")
        XCTAssertEqual(try plan(["--response", "r.json", "--format", "uri"])["stdout"] as? String, "uri")
    }

    func testZenityOptions() throws {
        let p = try plan(["--file-selection", "--multiple", "--separator=|", "--file-filter=Photos | *.jpg *.png",
                          "--title=Pick some", "--filename=\(library.root)/2024/", "--modal", "--width=600", "--height", "400",
                          "--confirm-overwrite", "--window-icon=photo"])
        XCTAssertEqual(p["stdout"] as? String, "zenity:|")
        XCTAssertEqual(p["title"] as? String, "Pick some")
        XCTAssertTrue(p["max"] is NSNull)
        XCTAssertEqual(p["roots"] as? [String], [library.root + "/2024"])
        XCTAssertEqual((p["filters"] as? [[String: Any]])?.first?["name"] as? String, "Photos")
        let single = try plan(["--file-selection", "--filename", library.root + "/beach.jpg"])
        XCTAssertEqual(single["max"] as? Int, 1)
        XCTAssertEqual(single["roots"] as? [String], [library.root])
        XCTAssertEqual(single["preselect"] as? [String], [library.root + "/beach.jpg"])
        XCTAssertEqual(single["stdout"] as? String, "zenity:|")
    }

    /// Arguments that are not UTF-8 keep their bytes (Swift would repair them to U+FFFD).
    func testNonUTF8ArgumentsKeepTheirBytes() throws {
        let folder = RawPath(dir.path).appending(component: [0xFF] + Array(" odd".utf8))
        XCTAssertEqual(folder.withCString { mkdir($0, 0o755) }, 0)
        try RawFiles.write(Array("x".utf8), to: folder.appending(component: [0xFE] + Array(".jpg".utf8)))
        let script = #"f=$(printf 'x\377 odd'); f=${f#x}; exec "$0" "./$f" --select "./$f/$(printf '\376').jpg" "--response=./$f/r.json""#
        let out = try ProcessRunner.run("/bin/sh", ["-c", "cd \"$1\" && " + script.replacingOccurrences(of: "$0", with: "$2"),
                                                    "sh", dir.path, Binaries.photopick],
                                        environment: ["PHOTOPICK_TEST_DUMP_PLAN": "1", "PATH": "/usr/bin:/bin", "LC_ALL": "C"])
        XCTAssertEqual(out.status, 0, out.stderrText)
        let plan = try JSONParser.parse(Array(out.stdout))
        let roots = OutputDecoder.member("roots", of: plan)
        XCTAssertEqual(roots, .array([.bytes(folder.bytes)]))
        XCTAssertEqual(OutputDecoder.member("preselect", of: plan), .array([.bytes(folder.bytes + Array("/".utf8) + [0xFE] + Array(".jpg".utf8))]))
        XCTAssertEqual(OutputDecoder.member("response", of: plan), .bytes(folder.bytes + Array("/r.json".utf8)))
    }

    func testRequestFileAndCommandLineTogether() throws {
        let request = #"{"title": "From the request", "max": 2, "current_folder": "\#(library.root)/Screenshots", "later": true}"#
        try Data(request.utf8).write(to: dir.url("req.json"))
        let out = try run(["--request", "req.json", "--title", "From the command line"], env: ["PHOTOPICK_TEST_DUMP_PLAN": "1"])
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stderrText, "photopick: warning: request: unknown key 'later' ignored\n")
        let p = try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [String: Any])
        XCTAssertEqual(p["title"] as? String, "From the command line")
        XCTAssertEqual(p["max"] as? Int, 2)
        XCTAssertEqual(p["roots"] as? [String], [library.root + "/Screenshots"])
    }

    // MARK: Usage errors

    func testUsageErrorsExitTwoWithOneLine() throws {
        try assertUsageErrors([
            usage(["--single", "--multiple"], "--single"),
            usage(["--single", "--max", "3"], "contradicts single selection"),
            usage(["--max", "2", "--min", "3"], "min 3 is more than max 2"),
            usage(["--max", "zero"], "--max"),
            usage(["--type", "pictures"], "--type"),
            usage(["--format", "xml"], "--format"),
            usage(["--print0", "--format", "json"], "--print0 contradicts --format json"),
            usage(["--mime-type", "jpeg"], "is not a MIME type"),
            usage(["--pattern", "dir/*.jpg"], "cannot match a file name"),
            usage(["--filter", "Nothing |"], "has no patterns"),
            usage(["--group", "fortnight"], "--group"),
            usage(["--sort", "random"], "--sort"),
            // Bad values of typed options are the parser's to report, naming the value and every choice
            // (these were ChooserInvocation's messages while the options were strings).
            usage(["--group", "fortnight"], "'fortnight'"),
            usage(["--group", "fortnight"], "one of 'none', 'year', 'month', 'week', 'day', 'hour' or 'event'.\n"),
            usage(["--sort", "random"], "one of 'date-desc', 'date-asc', 'name' or 'size'.\n"),
            usage(["--format", "xml"], "one of 'lines', 'null', 'uri', 'json' or 'jsonl'.\n"),
            usage(["--type", "pictures"], "one of 'photos', 'videos' or 'all'.\n"),
            usage(["--portal", "a.json", "--response", "b.json"], "leave out --request and --response"),
            usage(["--copy", "--format", "json"], "cannot be combined with --format"),
            usage(["--separator=|"], "--separator is a zenity option"),
            usage(["--file-selection", "--format", "json"], "leave out --format"),
            usage(["--file-selection", "--save"], "--save"),
            usage(["--file-selection", "--directory"], "--directory"),
            usage(["no-such-folder"], "no-such-folder: not a folder"),
            usage(["--request", "missing.json"], "cannot read the request"),
        ])
    }

    func testHelpExplainsTheChooser() throws {
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        for fragment in ["USAGE: photopick [<options>] [<folder> ...]", "--single", "--max <n>", "--select <path>",
                         "--type <kind>", "--mime-type", "--pattern", "--filter", "--album", "--group", "--sort", "--title",
                         "--accept-label", "--copy", "--format", "--print0", "--request", "--response", "--portal",
                         "--version", "Exit status: 0 picked, 1 cancelled", "albums", "list", "--file-selection"] {
            XCTAssertTrue(help.stdoutText.contains(fragment), "help lacks \(fragment)")
        }
        XCTAssertFalse(help.stdoutText.contains("--separator"), "zenity's options stay out of the help")
        let version = try run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdoutText.split(separator: ".").count, 3, version.stdoutText)
    }

    func testDesktopEntryLaunchesInCopyMode() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let entry = try String(contentsOf: repo.appendingPathComponent("data/io.github.photopick.PhotoPick.desktop.in"), encoding: .utf8)
        XCTAssertTrue(entry.contains("\nExec=photopick --copy %F\n"), entry)
    }

    // MARK: Response file on failure

    private func response(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    private func mode(_ path: String) -> mode_t {
        var st = stat()
        stat(path, &st)
        return st.st_mode & 0o777
    }

    func testBadRequestGetsAnErrorResponse() throws {
        try Data(#"{"max": "three"}"#.utf8).write(to: dir.url("req.json"))
        let out = try run(["--request", "req.json", "--response", "resp.json"])
        XCTAssertEqual(out.status, 2)
        XCTAssertEqual(out.stderrText, "photopick: request: 'max' must be a whole number, not a string\n")
        let r = try response(dir.path + "/resp.json")
        XCTAssertEqual(r["response"] as? Int, 2)
        XCTAssertEqual(r["error"] as? String, "request: 'max' must be a whole number, not a string")
        XCTAssertEqual(r["uris"] as? [String], [])
        XCTAssertEqual(r["version"] as? Int, 1)
        XCTAssertEqual(mode(dir.path + "/resp.json"), 0o600)
    }

    func testPortalFileIsReplacedByTheErrorResponse() throws {
        for (name, body, reason) in [("json", "{not json", "request is not valid JSON"),
                                     ("type", #"{"filters": "jpg"}"#, "'filters' must be an array"),
                                     ("version", #"{"version": 9}"#, "request version 9 is not supported"),
                                     ("big", "{\"title\": \"" + String(repeating: "a", count: 1 << 20) + "\"}", "larger than")] {
            let file = dir.path + "/portal-\(name).json"
            try Data(body.utf8).write(to: URL(fileURLWithPath: file))
            let out = try run(["--portal", file])
            XCTAssertEqual(out.status, 2, name)
            XCTAssertTrue(out.stderrText.contains(reason), "\(name): \(out.stderrText)")
            let r = try response(file)
            XCTAssertEqual(r["response"] as? Int, 2, name)
            XCTAssertTrue((r["error"] as? String)?.contains(reason) == true, name)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".photopick-tmp") }, [])
    }

    /// Options that do not parse answer on stderr alone (exit 2): a response path is taken
    /// only from a clean parse, so none is written, not even one named cleanly beside the error.
    func testOptionsThatDoNotParseWriteNoResponseFile() throws {
        let out = try run(["--bogus", "--response", "resp.json"])
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderrText.contains("--bogus"), out.stderrText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/resp.json"))
    }

    /// A caller's value that looks like an option (a portal app's parent_window once went into
    /// argv) never makes photopick write where it points: the victim keeps its bytes.
    func testAResponseOptionSmuggledAsAValueWritesNothing() throws {
        let victim = dir.path + "/victim"
        let original = Data("the user's file\n".utf8)
        for smuggled in [["--parent-window", "--response=\(victim)"], ["--parent-window", "--portal=\(victim)"],
                         ["--title", "--response", victim], ["--parent-window", "--portal", victim, "--bogus"]] {
            try original.write(to: URL(fileURLWithPath: victim))
            let before = mode(victim)
            let out = try run(smuggled + [library.root])
            XCTAssertEqual(out.status, 2, "\(smuggled): \(out.stderrText)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: victim)), original, "\(smuggled) wrote over the file")
            XCTAssertEqual(mode(victim), before, "\(smuggled) changed the file's mode")
        }
    }

    /// A link planted where the crash handler writes its temporary file (the name has the
    /// pid, which the shell knows before it execs photopick) is not followed: the file it points
    /// at keeps its bytes, and the answer still arrives under another temporary name.
    func testACrashDoesNotFollowALinkPlantedAtItsTemporaryName() throws {
        let file = dir.path + "/portal.json"
        let victim = dir.path + "/victim"
        let original = Data("the user's file\n".utf8)
        try original.write(to: URL(fileURLWithPath: victim))
        try Data(#"{"title": "Attach photos"}"#.utf8).write(to: URL(fileURLWithPath: file))
        var env = ProcessInfo.processInfo.environment
        env["PHOTOPICK_TEST_TRAP"] = "1"
        env["SWIFT_BACKTRACE"] = "enable=no"
        let out = try ProcessRunner.run("/bin/sh", ["-c", #"ln -s "$1" "$2/.photopick-tmp-crash-$$" && exec "$3" --portal "$4" "$5""#,
                                                    "sh", victim, dir.path, Binaries.photopick, file, library.root],
                                        environment: env)
        XCTAssertNotEqual(out.status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: victim)), original, "the planted link was followed")
        XCTAssertEqual(try response(file)["response"] as? Int, 2, "the answer arrives all the same")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".photopick-tmp-crash-") }
        XCTAssertEqual(left.count, 1, "only the planted link is left: \(left)")
        XCTAssertNotNil(try? FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/" + left[0]))
    }

    func testACrashAfterTheOptionsStillAnswersThePortalFile() throws {
        let file = dir.path + "/portal.json"
        try Data(#"{"title": "Attach photos"}"#.utf8).write(to: URL(fileURLWithPath: file))
        let out = try run(["--portal", file, library.root], env: ["PHOTOPICK_TEST_TRAP": "1", "SWIFT_BACKTRACE": "enable=no"])
        XCTAssertNotEqual(out.status, 0)
        XCTAssertNotEqual(out.status, 1, "a crash is not a cancel")
        let r = try response(file)
        XCTAssertEqual(r["response"] as? Int, 2)
        XCTAssertTrue((r["error"] as? String)?.contains("stopped unexpectedly") == true, "\(r)")
        XCTAssertEqual(mode(file), 0o600)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".photopick-tmp") }, [])
    }

    func testNoDisplayIsAnErrorResponse() throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        let out = try ProcessRunner.run(Binaries.photopick, ["--response", dir.path + "/resp.json", library.root], environment: env)
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderrText.contains("cannot open a display"))
        XCTAssertTrue((try response(dir.path + "/resp.json")["error"] as? String)?.contains("cannot open a display") == true)
    }

    func testUnwritableResponseIsAnError() throws {
        let out = try run(["--response", "no/such/dir/resp.json", "--max", "0"])
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderrText.contains("max must be at least 1"), out.stderrText)
        XCTAssertTrue(out.stderrText.contains("cannot write the response"), out.stderrText)
        XCTAssertEqual(out.stderrText.split(separator: "\n").count, 1)
    }
}
