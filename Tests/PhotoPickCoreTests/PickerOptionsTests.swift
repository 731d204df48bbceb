import PhotoPickCore
import XCTest

/// The one options model: every field merges, each layer wins over the ones below it, and
/// the configuration reads the merged options with the defaults.
final class PickerOptionsTests: XCTestCase {
    /// Every field set, so a field added without its merge line is caught below.
    private var everything: PickerOptions {
        var o = PickerOptions()
        o.title = "T"; o.acceptLabel = "A"; o.multiple = true; o.maximum = 4; o.minimum = 1
        o.filters = [NamedFilter(name: "F", patterns: ["*.f"])]; o.currentFilter = .name("F")
        o.folders = [RawPath("/lib")]; o.preselect = [RawPath("/lib/a.jpg")]
        o.choices = [ChooserChoice(id: "c", label: "C")]; o.parentWindow = .x11(7); o.modal = true
        o.restriction = AssetRestriction(kinds: .photos); o.copy = true; o.browse = true; o.pairs = .all
        o.album = "Trip"; o.grouping = .month; o.sort = .size; o.filter = AssetFilter([.favorite])
        var export = ExportSettings()
        export.format = .jpeg
        o.export = export
        return o
    }

    func testEveryFieldMerges() {
        let full = everything
        for child in Mirror(reflecting: full).children {
            XCTAssertNotEqual(String(describing: child.value), "nil", "\(child.label ?? "?") is not set in the test")
        }
        XCTAssertEqual(PickerOptions().overriding(with: full), full, "a field the merge leaves out")
        XCTAssertEqual(full.overriding(with: PickerOptions()), full, "an unset field overrides nothing")
    }

    func testTheCommandLineWinsOverTheRememberedAlbum() {
        var settings = PickerSettings()
        settings.remember(album: "2024/Trip", roots: [RawPath("/lib")])
        let remembered = settings.options(for: [RawPath("/lib")])
        XCTAssertEqual(remembered.album, "2024/Trip")
        XCTAssertNil(settings.options(for: [RawPath("/other")]).album, "only in the library it was chosen in")

        var commandLine = PickerOptions()
        commandLine.grouping = .day
        XCTAssertEqual(remembered.overriding(with: commandLine).album, "2024/Trip", "nothing asked: the remembered one")
        commandLine.album = "Videos"
        XCTAssertEqual(remembered.overriding(with: commandLine).album, "Videos")
        XCTAssertEqual(remembered.overriding(with: commandLine).grouping, .day)
    }

    func testTheConfigurationReadsTheOptionsWithTheDefaults() throws {
        let plain = try PickerConfiguration(PickerOptions(), defaultRoots: [RawPath("/default")])
        XCTAssertEqual(plain.roots, [RawPath("/default")])
        XCTAssertEqual(plain.grouping, .none)
        XCTAssertEqual(plain.sort, .dateDescending)
        XCTAssertEqual(plain.filter, .all)
        XCTAssertTrue(plain.restriction.isNone)
        XCTAssertEqual(plain.acceptLabel, "Add")

        var options = PickerOptions()
        options.copy = true
        options.multiple = false
        options.grouping = .event()
        let copying = try PickerConfiguration(options, defaultRoots: [])
        XCTAssertEqual(copying.acceptLabel, "Copy", "copy mode's own verb unless one is asked for")
        XCTAssertEqual(copying.maximum, 1, "single selection")
        XCTAssertEqual(copying.grouping, .event())
        options.acceptLabel = "Share"
        XCTAssertEqual(try PickerConfiguration(options, defaultRoots: []).acceptLabel, "Share")
        options.maximum = 2
        XCTAssertThrowsError(try PickerConfiguration(options, defaultRoots: []), "checked when made")
    }

    func testSettingAPropertySetsItsOption() {
        var c = PickerConfiguration(roots: [])
        c.filters = [NamedFilter(name: "A", patterns: ["*.a"]), NamedFilter(name: "B", patterns: ["*.b"])]
        c.currentFilter = 1
        XCTAssertEqual(c.options.currentFilter, .name("B"))
        XCTAssertEqual(c.currentFilter, 1)
        c.sort = .name
        XCTAssertEqual(c.options.sort, .name)
        c.initialAlbum = "Trip"
        XCTAssertEqual(c.options.album, "Trip")
    }
}
