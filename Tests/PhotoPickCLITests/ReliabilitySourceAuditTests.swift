import Foundation
import TestSupport
import XCTest

/// No shell ever sees a file name: photopick starts only its own worker (an argument
/// vector, names over a pipe) and hands files to other programs as URIs through GIO, which
/// splits desktop Exec lines itself. This keeps it that way: the sources of the programs
/// users run may not reach for a shell or a command-line string.
final class ReliabilitySourceAuditTests: XCTestCase {
    private let forbidden = [
        "/bin/sh", "/bin/bash", "\"sh\"", "\"bash\"", "system(", "popen(", "g_spawn_command_line",
        "g_spawn_sync", "g_spawn_async", "g_app_info_create_from_commandline", "g_shell_parse_argv", "wordexp(",
    ]

    /// The one exception: a thumbnailer's `Exec` line is split with GLib's own splitter, as GNOME
    /// splits it. Only the line from the `.thumbnailer` file goes in; file names are put into
    /// the split arguments afterwards (`ThumbnailerEntry.argv`, tested with hostile names in
    /// PhotoPickMediaTests), so they still never meet a parser or a shell.
    private let allowed: [String: String] = ["PhotoPickMedia/Thumbnailers/ShellWords.swift": "g_shell_parse_argv"]

    func testNoSourceStartsAShellOrParsesACommandLine() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let sources = repo.appendingPathComponent("Sources").path
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: sources))
        var checked = 0
        for case let relative as String in walker where relative.hasSuffix(".swift") || relative.hasSuffix(".h") {
            // The benchmark runs other pickers for comparison; it is not installed.
            if relative.hasPrefix("photopick-bench/") { continue }
            let text = try String(contentsOfFile: sources + "/" + relative, encoding: .utf8)
            checked += 1
            for pattern in forbidden where text.contains(pattern) && allowed[relative] != pattern {
                XCTFail("Sources/\(relative) uses \(pattern): file names must never reach a shell")
            }
        }
        XCTAssertGreaterThan(checked, 50)
    }
}
