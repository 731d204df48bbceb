import Foundation
import XCTest

/// docs/ARCHITECTURE.md's layers as imports: each module imports only the photopick modules
/// below it and only the C modules that are its own (each C library behind one layer). A new
/// arrow is a decision: it is made here and in the page's picture together.
final class LayerImportsAuditTests: XCTestCase {
    /// Module → the photopick and C modules it may import (the picture's arrows).
    static let allowed: [String: Set<String>] = [
        "PhotoPickCore": [],
        "PhotoPickSystem": ["PhotoPickCore", "CGio"],
        // What the front, the portal and Media share of GLib (the closure box, GKeyFile): GLib alone.
        "PhotoPickGLib": ["CGLib"],
        "PhotoPickIndex": ["PhotoPickCore", "PhotoPickSystem", "CSQLite"],
        "PhotoPickMedia": ["PhotoPickCore", "PhotoPickSystem", "PhotoPickGLib", "CMedia"],
        "PhotoPickConvert": ["PhotoPickCore", "PhotoPickSystem", "PhotoPickMedia", "CMedia", "CVips"],
        "PhotoPickOpen": ["PhotoPickCore", "PhotoPickSystem", "PhotoPickIndex", "PhotoPickMedia"],
        "PhotoPickGtk": ["PhotoPickCore", "PhotoPickSystem", "PhotoPickMedia", "PhotoPickOpen", "PhotoPickGLib", "CGtk"],
        "PhotoPickPortal": ["PhotoPickCore", "PhotoPickSystem", "PhotoPickGLib", "CGio"],
        "photopick": ["PhotoPickCore", "PhotoPickSystem", "PhotoPickIndex", "PhotoPickMedia", "PhotoPickOpen",
                      "PhotoPickGtk", "PhotoPickPortal"],
        "photopick-thumbnailer": ["PhotoPickCore", "PhotoPickSystem", "PhotoPickMedia"],
        "photopick-exporter": ["PhotoPickCore", "PhotoPickSystem", "PhotoPickMedia", "PhotoPickConvert"],
        "photopick-portal": ["PhotoPickCore", "PhotoPickSystem", "PhotoPickPortal", "CGio"],
        "photopick-bench": ["PhotoPickCore", "PhotoPickSystem", "PhotoPickIndex", "PhotoPickMedia", "CMedia"],
    ]

    /// The model stays pure Swift: no C library, no Dispatch; Foundation only where `Host`
    /// reads the real clock and zone for the executables.
    static let forbiddenInCore: Set<String> = ["Glibc", "Dispatch"]
    static let foundationInCore = "Sources/PhotoPickCore/Host/Host.swift"

    /// The modules `text` imports (`import X`, `internal import X`, `@testable import X`,
    /// `import X.Sub` as X).
    static func imports(in text: String) -> Set<String> {
        var found: Set<String> = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                  words[..<at].allSatisfy({ $0.hasPrefix("@") || ["internal", "public", "private", "fileprivate", "package"].contains($0) })
            else { continue }
            found.insert(String(words[at + 1].split(separator: ".")[0]))
        }
        return found
    }

    /// What `module`'s file imports against the rules: one message per wrong import.
    static func violations(module: String, file: String, text: String) -> [String] {
        let ours = imports(in: text).filter { $0.hasPrefix("PhotoPick") || ($0.hasPrefix("C") && $0.dropFirst().first?.isUppercase == true) }
        var wrong = ours.subtracting(allowed[module] ?? []).subtracting([module]).sorted()
        if module == "PhotoPickCore" {
            var forbidden = forbiddenInCore
            if file != foundationInCore { forbidden.insert("Foundation") }
            wrong += imports(in: text).intersection(forbidden).sorted()
        }
        return wrong.map { "\(file) imports \($0), which \(module) may not" }
    }

    func testEveryModuleImportsOnlyTheLayersBelowIt() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources").path
        var checked = 0
        for module in try FileManager.default.contentsOfDirectory(atPath: sources).sorted() {
            let folder = sources + "/" + module
            guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
            let swiftFiles = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            guard !swiftFiles.isEmpty else { continue }  // a C module's map
            XCTAssertNotNil(Self.allowed[module], "Sources/\(module) is a module the layers do not name")
            for file in swiftFiles {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                for message in Self.violations(module: module, file: "Sources/\(module)/\(file)", text: text) { XCTFail(message) }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 300)
    }

    /// Processes are started and reaped in one place, PhotoPickSystem/Process (`ChildSpawn`,
    /// `WorkerChild`, `ThumbnailerProcess`): nowhere else calls the system for it. (`execv`, which
    /// starts no child, is the kdialog drop-in handing itself over to the real kdialog.)
    static let processCalls = ["posix_spawn(", "posix_spawnp(", "waitpid(", "waitid(", "fork("]

    static func processViolations(file: String, text: String) -> [String] {
        guard !file.hasPrefix("Sources/PhotoPickSystem/Process/") else { return [] }
        return processCalls.filter { text.contains($0) }.map { "\(file) calls \($0.dropLast()) outside PhotoPickSystem/Process" }
    }

    func testOnlyTheSystemLayerStartsAndReapsProcesses() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources").path
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: sources))
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            let text = try String(contentsOfFile: sources + "/" + relative, encoding: .utf8)
            for message in Self.processViolations(file: "Sources/" + relative, text: text) { XCTFail(message) }
        }
        XCTAssertEqual(Self.processViolations(file: "Sources/PhotoPickMedia/X.swift", text: "let r = waitpid(pid, &s, 0)").count, 1)
        XCTAssertEqual(Self.processViolations(file: "Sources/PhotoPickSystem/Process/X.swift", text: "waitpid(pid, &s, 0)"), [])
    }

    /// The top-level types `text` declares (a line starting with the declaration, modifiers first).
    static func declaredTypes(in text: String) -> [String] {
        let kinds: Set<Substring> = ["class", "struct", "enum", "actor", "protocol"]
        let modifiers: Set<Substring> = ["public", "internal", "private", "fileprivate", "package", "final", "@MainActor"]
        return text.split(separator: "\n").compactMap { line in
            guard let first = line.first, first != " " else { return nil }
            let words = line.split(separator: " ")
            guard let at = words.firstIndex(where: { kinds.contains($0) }), at + 1 < words.count,
                  words[..<at].allSatisfy({ modifiers.contains($0) }) else { return nil }
            return String(words[at + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        }
    }

    /// No two top-level types share a name, whichever modules they are in: a reader (or a
    /// search) finds the one meant (two `ExportRun`s and two `SettingsFile`s once did not).
    func testNoTwoTypesShareAName() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources").path
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: sources))
        var seen: [String: String] = [:]
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            let text = try String(contentsOfFile: sources + "/" + relative, encoding: .utf8)
            for name in Self.declaredTypes(in: text) {
                if let other = seen[name] { XCTFail("\(name) is declared in \(other) and in \(relative)") }
                seen[name] = relative
            }
        }
        XCTAssertGreaterThan(seen.count, 300)
        XCTAssertEqual(Self.declaredTypes(in: "@MainActor\nfinal class ExportRun: Sendable {\n    struct Inner {}\n"), ["ExportRun"],
                       "the check sees a top-level type and not a nested one")
    }

    /// The audit can fail: an upward import, a C library in the wrong layer, Glibc in Core.
    func testTheAuditSeesWrongImports() {
        XCTAssertEqual(Self.violations(module: "PhotoPickSystem", file: "f", text: "import Foundation\nimport PhotoPickMedia\n"),
                       ["f imports PhotoPickMedia, which PhotoPickSystem may not"])
        XCTAssertEqual(Self.violations(module: "PhotoPickOpen", file: "f", text: "internal import CGtk.Parenting\n").count, 1)
        XCTAssertEqual(Self.violations(module: "PhotoPickCore", file: "f", text: "@preconcurrency import Glibc\n").count, 1)
        XCTAssertEqual(Self.violations(module: "PhotoPickCore", file: "f", text: "import Foundation\n").count, 1)
        XCTAssertEqual(Self.violations(module: "PhotoPickCore", file: Self.foundationInCore, text: "import Foundation\n"), [])
        XCTAssertEqual(Self.violations(module: "PhotoPickGtk", file: "f", text: "import CGtk\nimport PhotoPickOpen\n// import PhotoPickIndex\n"), [])
        XCTAssertEqual(Self.imports(in: "let important = 1\n    import Foundation\n"), ["Foundation"])
    }
}
