import PhotoPickCore
import XCTest

final class ChooserRequestTests: XCTestCase {
    private func request(_ build: (inout PickerOptions) -> Void) -> PickerOptions {
        var r = PickerOptions()
        build(&r)
        return r
    }

    func testLimits() throws {
        XCTAssertTrue(try request { _ in } .limits() == (nil, 0))
        XCTAssertTrue(try request { $0.multiple = false } .limits() == (1, 0))
        XCTAssertTrue(try request { $0.multiple = false; $0.maximum = 1; $0.minimum = 1 } .limits() == (1, 1))
        XCTAssertTrue(try request { $0.maximum = 5; $0.minimum = 2 } .limits() == (5, 2))
        XCTAssertThrowsError(try request { $0.multiple = false; $0.maximum = 3 } .limits())
        XCTAssertThrowsError(try request { $0.multiple = false; $0.minimum = 2 } .limits())
        XCTAssertThrowsError(try request { $0.maximum = 0 } .limits())
        XCTAssertThrowsError(try request { $0.minimum = -1 } .limits())
        XCTAssertThrowsError(try request { $0.maximum = 2; $0.minimum = 3 } .limits()) { error in
            XCTAssertEqual("\(error)", "min 3 is more than max 2")
        }
    }

    func testCurrentFilterResolution() throws {
        let a = NamedFilter(name: "A", patterns: ["*.a"]), b = NamedFilter(name: "B", patterns: ["*.b"])
        XCTAssertTrue(try request { $0.filters = [a, b] } .resolvedFilters() == ([a, b], 0))
        XCTAssertTrue(try request { $0.filters = [a, b]; $0.currentFilter = .name("B") } .resolvedFilters() == ([a, b], 1))
        XCTAssertThrowsError(try request { $0.filters = [a]; $0.currentFilter = .name("Z") } .resolvedFilters())
        let c = NamedFilter(name: "C", patterns: ["*.c"])
        XCTAssertTrue(try request { $0.filters = [a]; $0.currentFilter = .filter(c) } .resolvedFilters() == ([a, c], 1))
        XCTAssertTrue(try request { $0.currentFilter = .filter(c) } .resolvedFilters() == ([c], 0))
        XCTAssertTrue(try request { _ in } .resolvedFilters() == ([], nil))
    }

    func testOverridingTakesOnlyWhatIsSet() {
        let file = request { $0.title = "From file"; $0.maximum = 3; $0.preselect = [RawPath("/a")] }
        let cli = request { $0.title = "From CLI"; $0.multiple = true }
        let merged = file.overriding(with: cli)
        XCTAssertEqual(merged.title, "From CLI")
        XCTAssertEqual(merged.maximum, 3)
        XCTAssertEqual(merged.multiple, true)
        XCTAssertEqual(merged.preselect, [RawPath("/a")])
    }

    func testConfiguration() throws {
        let choice = ChooserChoice(id: "x", label: "X")
        let c = try PickerConfiguration(request {
            $0.title = "T"; $0.acceptLabel = "Attach"; $0.maximum = 4
            $0.filters = [NamedFilter(name: "A", patterns: ["*.a"])]
            $0.folders = [RawPath("/lib")]; $0.preselect = [RawPath("/lib/a.a")]; $0.choices = [choice]
        }, defaultRoots: [RawPath("/default")])
        XCTAssertEqual(c.title, "T")
        XCTAssertEqual(c.acceptLabel, "Attach")
        XCTAssertEqual(c.maximum, 4)
        XCTAssertEqual(c.roots, [RawPath("/lib")])
        XCTAssertEqual(c.currentFilter, 0)
        XCTAssertEqual(c.preselect, [RawPath("/lib/a.a")])
        XCTAssertEqual(c.choices, [choice])
        XCTAssertEqual(try PickerConfiguration(PickerOptions(), defaultRoots: [RawPath("/default")]).roots, [RawPath("/default")])
        XCTAssertThrowsError(try PickerConfiguration(request { $0.choices = [choice, choice] }, defaultRoots: []))
    }

    func testChoiceValues() {
        var values = ChoiceValues([ChooserChoice(id: "c", label: "C"),
                                   ChooserChoice(id: "o", label: "O", options: [.init(id: "a", label: "A"), .init(id: "b", label: "B")])])
        XCTAssertTrue(values.pairs.map { [$0.id, $0.value] } == [["c", "false"], ["o", "a"]])
        values.set("c", to: "true")
        values.set("o", to: "zzz")  // not an option: ignored
        values.set("missing", to: "true")
        XCTAssertTrue(values.pairs.map { [$0.id, $0.value] } == [["c", "true"], ["o", "a"]])
    }
}
