import Foundation
import XCTest

/// Sources/ keeps to one concurrency model, with the exceptions `ConcurrencyAudit` lists, and
/// the architecture page lists them too. The scanner behind it is checked on made-up files in
/// `ConcurrencyAuditSelfCheckTests`.
final class ConcurrencyAuditTests: XCTestCase {
    private let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift file under Sources/, by its path below it.
    private func sources() throws -> [(path: String, text: String)] {
        let root = repo.appendingPathComponent("Sources").path
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: root))
        var files: [(path: String, text: String)] = []
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            files.append((relative, try String(contentsOfFile: root + "/" + relative, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }

    func testEveryUseOutsideTheModelIsAListedException() throws {
        let files = try sources()
        XCTAssertGreaterThan(files.count, 300, "the walk found the sources")
        for finding in ConcurrencyAudit.findings(files, allowed: ConcurrencyAudit.exceptions) {
            XCTFail(finding)
        }
        let totals = ConcurrencyAudit.totals(files)
        // The model is in use (a pattern that no longer matches would pass everything).
        XCTAssertGreaterThan(totals[.mutex] ?? 0, 10, "Mutex is the shared state")
        print("Concurrency constructs in Sources/:",
              ConcurrencyAudit.Kind.allCases.map { "\($0.rawValue) \(totals[$0] ?? 0)" }.joined(separator: ", "))
    }

    /// Each entry is about a real file, a kind that needs listing, and says why.
    func testTheListIsWellFormed() throws {
        let paths = Set(try sources().map(\.path))
        var seen = Set<String>()
        for e in ConcurrencyAudit.exceptions {
            XCTAssertTrue(paths.contains(e.file), "ConcurrencyAudit.exceptions names \(e.file), which Sources/ does not have")
            XCTAssertTrue(e.kind.isException, "\(e.file): \(e.kind.rawValue) is the model, not an exception")
            XCTAssertGreaterThan(e.count, 0, e.file)
            XCTAssertFalse(e.reason.isEmpty, "\(e.file) needs a reason")
            XCTAssertTrue(seen.insert(e.file + " " + e.kind.rawValue).inserted, "\(e.file) listed twice for \(e.kind.rawValue)")
        }
    }

    /// The Concurrency section of docs/ARCHITECTURE.md names every file with an exception.
    func testTheArchitecturePageListsTheExceptions() throws {
        let page = try String(contentsOf: repo.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let start = try XCTUnwrap(page.range(of: "\n## Concurrency\n"), "docs/ARCHITECTURE.md has a Concurrency section")
        let rest = page[start.upperBound...]
        let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        for name in Set(ConcurrencyAudit.exceptions.map(\.name)).sorted() where !section.contains("`\(name)`") {
            XCTFail("docs/ARCHITECTURE.md's Concurrency section should name `\(name)`, an exception in ConcurrencyAudit")
        }
    }
}
