import PhotoPickCore
import PhotoPickPortal
import XCTest

/// What an app's call may carry into the request file: odd but harmless requests are served,
/// what must be bounded is cut, each with a note for the log.
final class RequestBoundsTests: XCTestCase {
    private func bounded(_ call: FileChooserCall) -> (RequestBounds.Bounded, [String]) {
        var notes: [String] = []
        let result = RequestBounds().apply(call) { notes.append($0) }
        return (result, notes)
    }

    private func call(parent: String = "", title: String = "", _ change: (inout OpenFileOptions) -> Void = { _ in }) -> FileChooserCall {
        var options = OpenFileOptions()
        change(&options)
        return FileChooserCall(method: .openFile, handle: "/h", parentWindow: parent, title: title, options: options)
    }

    func testUsableParentWindowsAreKeptInTheirOwnForm() {
        XCTAssertEqual(bounded(call(parent: "x11:400015")).0.parentWindow, .x11(0x400015), "Firefox's form")
        XCTAssertEqual(bounded(call(parent: "x11:0x400002")).0.parentWindow, .x11(0x400002), "Chromium's form")
        XCTAssertEqual(bounded(call(parent: "wayland:abc-1")).0.parentWindow, .wayland("abc-1"))
        XCTAssertNil(bounded(call(parent: "")).0.parentWindow, "GTK sends none")
        XCTAssertEqual(bounded(call(parent: "")).1, [])
    }

    /// A malformed or hostile window is a note, and the picker opens unparented: it is never
    /// an error, and never anything but data.
    func testMalformedParentWindowsAreNotesNotErrors() {
        for text in ["x11:zzz", "x11:0", "wayland:", "--response=/home/u/.bashrc", "--portal=/x", "x11:1\nforged line",
                     String(repeating: "x", count: 10_000), "wayland:" + String(repeating: "h", count: 10_000)] {
            let (result, notes) = bounded(call(parent: text))
            XCTAssertNil(result.parentWindow, text)
            XCTAssertEqual(notes.count, 1, "\(text.prefix(40)): \(notes)")
            XCTAssertTrue(notes[0].contains("without a parent"), notes[0])
            XCTAssertLessThan(notes[0].count, 300, "a long value is cut in the log")
            XCTAssertFalse(notes[0].contains("\n"), "the log line cannot be split")
        }
    }

    func testLongTitlesAndLabelsAreCutForDisplay() {
        let (result, notes) = bounded(call(title: String(repeating: "t", count: 1 << 20)) { $0.acceptLabel = String(repeating: "a", count: 5000) })
        XCTAssertEqual(result.call.title.count, RequestBounds.titleCharacters)
        XCTAssertTrue(result.call.title.hasSuffix("…"))
        XCTAssertEqual(result.call.options.acceptLabel?.count, RequestBounds.labelCharacters)
        XCTAssertEqual(notes.count, 2, "\(notes)")
        let (plain, none) = bounded(call(title: "Attach photos"))
        XCTAssertEqual(plain.call.title, "Attach photos")
        XCTAssertEqual(none, [])
    }

    /// One character can hold a million combining marks: bounds count scalars, so such a
    /// title, label or log value is cut like any other.
    func testOneCharacterOfAMillionMarksIsCut() throws {
        let zalgo = "Z" + String(repeating: "\u{0301}", count: 1_000_000)
        XCTAssertEqual(zalgo.count, 1)
        let (result, notes) = bounded(call(parent: zalgo, title: zalgo) { $0.acceptLabel = zalgo
            $0.filters = [PortalFilter(name: zalgo, items: [.glob("*." + zalgo), .glob("*.jpg")])]
            $0.choices = [PortalChoice(id: zalgo, label: "L"), PortalChoice(id: "ok", label: zalgo)] })
        XCTAssertEqual(result.call.title.unicodeScalars.count, RequestBounds.titleCharacters)
        XCTAssertEqual(result.call.options.acceptLabel?.unicodeScalars.count, RequestBounds.labelCharacters)
        XCTAssertEqual(result.call.options.filters.first?.items, [.glob("*.jpg")])
        XCTAssertEqual(result.call.options.choices.map(\.id), ["ok"])
        XCTAssertNil(result.parentWindow)
        XCTAssertTrue(notes.allSatisfy { $0.unicodeScalars.count < 400 }, "\(notes.map { $0.unicodeScalars.count })")
        let bytes = PortalRequestFile.bytes(for: result.call.options, title: result.call.title, currentFolder: nil)
        XCTAssertLessThan(bytes.count, 64 * 1024)
        XCTAssertNoThrow(try RequestParser.parse(bytes).request.check())
        XCTAssertLessThan(LogText.value(zalgo).unicodeScalars.count, 200)
    }

    /// A title has one line: control characters show as spaces (and a pattern holding one is
    /// none); a filter whose name was cut is known by the app's own.
    func testControlCharactersAndCutNames() {
        let long = PortalFilter(name: String(repeating: "n", count: 300), items: [.glob("*.jpg")])
        let (result, _) = bounded(call(title: "a\nb\u{1b}c") { $0.filters = [long, PortalFilter(name: "X", items: [.glob("*.\n"), .glob("*.png")])] })
        XCTAssertEqual(result.call.title, "a b c")
        XCTAssertEqual(result.call.options.filters[1].items, [.glob("*.png")])
        let shownName = result.call.options.filters[0].name
        XCTAssertEqual(shownName.unicodeScalars.count, RequestBounds.labelCharacters)
        XCTAssertEqual(result.originalFilters[shownName], long)
        XCTAssertEqual(result.originalFilters["X"]?.items.count, 2, "the app's own items, unchanged")
    }

    func testAHundredThousandFiltersAreBounded() {
        let many = (0..<100_000).map { PortalFilter(name: "F\($0)", items: [.glob("*.jpg")]) }
        let (result, notes) = bounded(call { $0.filters = many })
        XCTAssertEqual(result.call.options.filters.count, RequestBounds.filters)
        XCTAssertEqual(result.call.options.filters.first, many.first)
        XCTAssertEqual(notes, ["100000 filters; the first \(RequestBounds.filters) are kept"])
        let wide = PortalFilter(name: "Wide", items: (0..<100_000).map { .glob("*.e\($0)") })
        let (cut, _) = bounded(call { $0.filters = [wide]; $0.currentFilter = wide })
        XCTAssertEqual(cut.call.options.filters[0].items.count, RequestBounds.itemsPerFilter)
        XCTAssertEqual(cut.call.options.currentFilter?.items.count, RequestBounds.itemsPerFilter)
    }

    /// Items no file name can match (which photopick's request parser refuses) are dropped,
    /// not the whole request; a filter left empty goes.
    func testUnusableFilterItemsAreDropped() {
        let mixed = PortalFilter(name: "Mixed", items: [.glob("*.jpg"), .glob("a/b"), .glob(""), .mimeType("not a type"),
                                                         .glob(String(repeating: "x", count: 500))])
        let useless = PortalFilter(name: "Useless", items: [.glob("x/y")])
        let (result, notes) = bounded(call { $0.filters = [mixed, useless] })
        XCTAssertEqual(result.call.options.filters, [PortalFilter(name: "Mixed", items: [.glob("*.jpg")])])
        XCTAssertEqual(notes.count, 3, "\(notes)")
    }

    /// The frontend lets duplicate choice ids through, and defaults that are not options:
    /// the first of a duplicate is shown, and a bad default lets the picker choose.
    func testOddChoicesAreServed() {
        let size = PortalChoice(id: "size", label: "Size", options: [.init(id: "s", label: "Small"), .init(id: "o", label: "Original")],
                                initial: "huge")
        let again = PortalChoice(id: "size", label: "Size again", options: [.init(id: "x", label: "X")], initial: "x")
        let check = PortalChoice(id: "strip", label: "Strip", initial: "maybe")
        let (result, notes) = bounded(call { $0.choices = [size, again, check] })
        XCTAssertEqual(result.call.options.choices.map(\.id), ["size", "strip"])
        XCTAssertEqual(result.call.options.choices.map(\.initial), ["", ""])
        XCTAssertEqual(notes.count, 3, "\(notes)")
        // The request file photopick reads takes them.
        let bytes = PortalRequestFile.bytes(for: result.call.options, title: nil, currentFolder: nil)
        XCTAssertNoThrow(try RequestParser.parse(bytes).request.check())
    }

    /// However large the call, the request file stays within what photopick reads.
    func testTheRequestFileOfAHugeCallIsReadable() throws {
        let long = String(repeating: "n", count: 1 << 20)
        let filters = (0..<1000).map { i in PortalFilter(name: long, items: (0..<1000).map { .glob("*.\(i)x\($0)") }) }
        let choices = (0..<1000).map { PortalChoice(id: "c\($0)", label: long, options: [.init(id: "a", label: long)]) }
        let (result, _) = bounded(call(parent: long, title: long) { $0.filters = filters; $0.choices = choices; $0.acceptLabel = long })
        let bytes = PortalRequestFile.bytes(for: result.call.options, title: result.call.title, currentFolder: nil,
                                            parentWindow: result.parentWindow, browse: true)
        XCTAssertLessThan(bytes.count, RequestParser.maximumBytes)
        let parsed = try RequestParser.parse(bytes)
        XCTAssertNoThrow(try parsed.request.check())
        XCTAssertEqual(parsed.request.browse, true)
    }

    func testLogTextIsOneLineAndShort() {
        XCTAssertEqual(LogText.line("a\nphotopick-portal: forged\r\u{1b}[31m"), "a\\nphotopick-portal: forged\\r\\u{1b}[31m")
        XCTAssertEqual(LogText.line("a\u{2028}b"), "a\\u{2028}b")
        XCTAssertEqual(LogText.value("a\\nb\n"), "a\\\\nb\\n", "a backslash a caller sent is doubled: every escape is ours")
        XCTAssertEqual(LogText.value(String(repeating: "v", count: 10_000)).count, 121)
        XCTAssertEqual(LogText.value("org.example.App"), "org.example.App")
    }
}
