import Foundation
import TestSupport
import XCTest

/// CONTRIBUTING.md's rule for history that reads: a subject of at most 72 characters, and a
/// blank line before any details. Checked for every commit since the rule began (the long
/// subjects before it stay as they are: history is not rewritten).
final class CommitSubjectTests: XCTestCase {
    /// The last commit before the rule: every commit after it keeps it.
    static let ruleBegan = "f8e6fd5"

    /// What is wrong with one commit message, if anything.
    static func problem(with message: String) -> String? {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        let subject = lines.first.map(String.init) ?? ""
        if subject.trimmingCharacters(in: .whitespaces).isEmpty { return "an empty subject" }
        if subject.count > 72 { return "a subject of \(subject.count) characters: \(subject)" }
        if lines.count > 1, !lines[1].trimmingCharacters(in: .whitespaces).isEmpty {
            return "no blank line after the subject: \(subject)"
        }
        return nil
    }

    func testEveryCommitSinceTheRuleHasAShortSubjectAndABlankLine() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: repo + "/.git") else { throw XCTSkip("not a git clone") }
        let known = try ProcessRunner.run("/usr/bin/git", ["-C", repo, "cat-file", "-e", Self.ruleBegan + "^{commit}"])
        guard known.status == 0 else { throw XCTSkip("a shallow clone: \(Self.ruleBegan) is not in it") }
        let log = try ProcessRunner.run("/usr/bin/git", ["-C", repo, "log", "-z", "--format=%h%n%B", Self.ruleBegan + "..HEAD"])
        XCTAssertEqual(log.status, 0, log.stderrText)
        var checked = 0
        for entry in log.stdoutText.split(separator: "\0") {
            let text = entry.drop { $0 == "\n" }
            guard let newline = text.firstIndex(of: "\n") else { continue }
            let hash = text[..<newline], message = String(text[text.index(after: newline)...])
            if let problem = Self.problem(with: message) { XCTFail("\(hash): \(problem)") }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// The check can fail: a long subject, no blank line, an empty subject.
    func testTheCheckSeesABadMessage() {
        XCTAssertNil(Self.problem(with: "Open: a short subject\n\nThe details.\n"))
        XCTAssertNil(Self.problem(with: "Just a subject\n"))
        XCTAssertNotNil(Self.problem(with: String(repeating: "x", count: 73) + "\n"))
        XCTAssertNotNil(Self.problem(with: "Subject\nDetails right away\n"))
        XCTAssertNotNil(Self.problem(with: "\n\nDetails\n"))
    }
}
