import Foundation
import XCTest

/// `make test` runs the test targets in two parts, named in the Makefile: those without a
/// display side by side (UNIT_TESTS), then those that share one Xvfb (DISPLAY_TESTS). A test
/// target in neither would never run; one in both would run twice.
final class TestTargetsTests: XCTestCase {
    private static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The names a Makefile variable `name := A|B|C` lists.
    static func makeList(_ name: String, in makefile: String) -> [String] {
        guard let line = makefile.split(separator: "\n").first(where: { $0.hasPrefix(name + " := ") }) else { return [] }
        return line.dropFirst(name.count + 4).split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The test targets Package.swift declares.
    static func testTargets(in manifest: String) -> [String] {
        manifest.components(separatedBy: ".testTarget(").dropFirst().compactMap { declaration in
            guard let open = declaration.range(of: "name: \""), let close = declaration[open.upperBound...].firstIndex(of: "\"") else { return nil }
            return String(declaration[open.upperBound..<close])
        }
    }

    func testTheListsAreReadAsTheMakefileWritesThem() {
        XCTAssertEqual(Self.makeList("UNIT", in: "X := a\nUNIT := A|B |C\n"), ["A", "B", "C"])
        XCTAssertEqual(Self.makeList("UNIT", in: "UNIT_TESTS := A\n"), [])
        XCTAssertEqual(Self.testTargets(in: #".target(name: "X"), .testTarget(name: "XTests", dependencies: []), .testTarget(\n name: "Y")"#),
                       ["XTests", "Y"])
    }

    func testEveryTestTargetRunsInExactlyOnePartOfMakeTest() throws {
        let makefile = try String(contentsOfFile: Self.repo + "/Makefile", encoding: .utf8)
        let manifest = try String(contentsOfFile: Self.repo + "/Package.swift", encoding: .utf8)
        let unit = Self.makeList("UNIT_TESTS", in: makefile), display = Self.makeList("DISPLAY_TESTS", in: makefile)
        let targets = Self.testTargets(in: manifest)
        XCTAssertGreaterThan(targets.count, 5, "Package.swift's test targets were not found")
        XCTAssertEqual(Set(unit).intersection(display), [], "in both parts: run twice")
        XCTAssertEqual(Set(targets).subtracting(unit + display).sorted(), [], "in neither part: never run by make test")
        XCTAssertEqual(Set(unit + display).subtracting(targets).sorted(), [], "named in the Makefile, not a test target")
    }
}
