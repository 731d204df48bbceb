import Foundation
import XCTest

/// The XDG base directories are resolved in one place, `PhotoPickCore/Paths/BaseDirectories`:
/// no other source names one of their variables, asks GLib for them (GLib takes relative
/// values and caches them per process), or guesses a home by hand. This fails on one that does.
final class BaseDirectoriesAuditTests: XCTestCase {
    static let forbidden: [(name: String, pattern: String)] = [
        ("an XDG base directory variable", #""XDG_((CONFIG|CACHE|DATA|STATE)_HOME|(CONFIG|DATA)_DIRS|RUNTIME_DIR)""#),
        ("GLib's base directories", #"\bg_get_(user_(config|cache|data|state|runtime)_dir|system_(config|data)_dirs)\b"#),
        ("a home guessed by hand", #"\b(NSHomeDirectory|homeDirectoryForCurrentUser)\b"#),
    ]

    /// Where the names may appear, each with the reason.
    static let allowed: [String: String] = [
        "PhotoPickCore/Paths/BaseDirectories.swift": "the resolver itself",
        // photopick-bench/: sets XDG_CACHE_HOME and XDG_CONFIG_HOME for the programs it starts
        // (fresh caches for a cold run); it reads none. Not installed.
    ]
    static let allowedFolders = ["photopick-bench/"]

    /// The forbidden uses in `text`, comments left out (they explain the rule, naming what it forbids).
    static func violations(in text: String) -> [String] {
        let code = text.replacingOccurrences(of: #"//[^\n]*"#, with: "", options: .regularExpression)
        return forbidden.compactMap { code.range(of: $0.pattern, options: .regularExpression) == nil ? nil : $0.name }
    }

    func testTheAuditSeesReadsOfTheVariablesAndNotTheirMentions() {
        XCTAssertEqual(Self.violations(in: #"let cache = environment["XDG_CACHE_HOME"] ?? home + "/.cache""#),
                       ["an XDG base directory variable"])
        XCTAssertEqual(Self.violations(in: #"guard let run = getenv("XDG_RUNTIME_DIR") else { return }"#),
                       ["an XDG base directory variable"])
        XCTAssertEqual(Self.violations(in: #"value("XDG_DATA_DIRS")"#), ["an XDG base directory variable"])
        XCTAssertEqual(Self.violations(in: #"absolute("XDG_STATE_HOME")"#), ["an XDG base directory variable"])
        XCTAssertEqual(Self.violations(in: "let cache = g_get_user_cache_dir()"), ["GLib's base directories"])
        XCTAssertEqual(Self.violations(in: "g_get_system_data_dirs()"), ["GLib's base directories"])
        XCTAssertEqual(Self.violations(in: #"environment["HOME"] ?? NSHomeDirectory()"#), ["a home guessed by hand"])
        // Other variables, messages, and comments are not reads of the base directories.
        XCTAssertEqual(Self.violations(in: #"value("XDG_CURRENT_DESKTOP"); absolute("XDG_DESKTOP_PORTAL_DIR")"#), [])
        XCTAssertEqual(Self.violations(in: #"throw Failure("XDG_RUNTIME_DIR is not set to an absolute path")"#), [])
        XCTAssertEqual(Self.violations(in: "/// `$XDG_CACHE_HOME/thumbnails`, not g_get_user_cache_dir's \"XDG_CACHE_HOME\""), [])
        XCTAssertEqual(Self.violations(in: #"let x = 1  // environment["XDG_CONFIG_HOME"], NSHomeDirectory()"#), [])
    }

    func testNoSourceButTheResolverReadsTheBaseDirectories() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources").path
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: sources))
        var checked = 0
        for case let relative as String in walker where relative.hasSuffix(".swift") || relative.hasSuffix(".h") {
            guard Self.allowed[relative] == nil, !Self.allowedFolders.contains(where: relative.hasPrefix) else { continue }
            let text = try String(contentsOfFile: sources + "/" + relative, encoding: .utf8)
            checked += 1
            for name in Self.violations(in: text) {
                XCTFail("Sources/\(relative) uses \(name): ask BaseDirectories (PhotoPickCore/Paths) instead")
            }
        }
        XCTAssertGreaterThan(checked, 300, "the audit found too few sources: is the path right?")
    }

    /// The allow-list names files that exist and still need it.
    func testTheAllowListOnlyNamesTheResolver() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources").path
        for relative in Self.allowed.keys.sorted() {
            let text = try String(contentsOfFile: sources + "/" + relative, encoding: .utf8)
            XCTAssertFalse(Self.violations(in: text).isEmpty, "Sources/\(relative) no longer needs the allow-list")
        }
    }
}
