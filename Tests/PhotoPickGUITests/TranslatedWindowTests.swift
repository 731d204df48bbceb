import Foundation
import TestSupport
import XCTest

/// The real window in other languages: in a pseudo-language where every message reads ⟦…⟧,
/// no string a person sees may be left untranslated (only file names, folder names, numbers
/// and units are data); in German the words are German; and what the chooser answers (stdout,
/// the response file) is byte for byte what it answers in the C locale.
final class TranslatedWindowTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!
    private var catalogues: Catalogues!

    override func setUpWithError() throws {
        guard Catalogues.germanLocaleInstalled else { throw XCTSkip("no de_DE.UTF-8 locale (make deps generates it)") }
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
        catalogues = try Catalogues(pseudo: true)
    }

    /// Opens the window in `language` (nil: the C locale), lets the test act, closes it with
    /// Escape unless the actions finished it, and returns the strings it held and its output.
    private func run(language: String?, arguments: [String] = [], folder: String? = nil,
                     _ act: (PickerDriver) throws -> Void = { _ in })
        throws -> (strings: [(kind: String, text: String)], output: ProcessRunner.Output) {
        let dump = dir.path + "/strings-\(language ?? "C")-\(UUID().uuidString).txt"
        var environment = language.map { catalogues.environment(language: $0) }
            ?? ["LC_ALL": "C", "LANGUAGE": "", "PHOTOPICK_LOCALEDIR": catalogues.directory]
        environment["PHOTOPICK_DUMP_TEXT"] = dump
        let picker = try PickerDriver(arguments: arguments + [folder ?? library.root], environment: environment)
        // Tiles, covers and counts laid out, or the status page with its button.
        _ = picker.waitForTrace { $0.contains { $0.contains(" place tile ") || $0.contains(" place button status ") } }
        try act(picker)
        if picker.process.isRunning { try picker.press("Escape") }
        let output = picker.finish()
        let text = try String(contentsOfFile: dump, encoding: .utf8)
        let strings = text.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: "\t", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
        return (strings, output)
    }

    /// What is left of a string once its translated parts (⟦…⟧, nested too) and its data
    /// (names from the library, numbers, GLib's size units) are taken out: nothing a
    /// translator should have seen.
    private func untranslated(_ text: String) throws -> String {
        var rest = text.replacingOccurrences(of: "\\n", with: " ")
        while let open = rest.range(of: "⟦", options: .backwards),
              let close = rest.range(of: "⟧", range: open.upperBound..<rest.endIndex) {
            rest.replaceSubrange(open.lowerBound..<close.upperBound, with: " ")
        }
        // GTK's own words (the search entry's clear button, the drop-down's search field and
        // empty choice) come from GTK's catalogue, which has no pseudo-language.
        if try toolkitWords().contains(rest) { return "" }
        // Menu items' accelerator labels ("Ctrl++", "F9"): GTK writes them (Strg++ in German).
        if rest.range(of: #"^((Ctrl|Shift|Alt|Super)\+)*(F[0-9]{1,2}|.)$"#, options: .regularExpression) != nil { return "" }
        rest = rest.replacingOccurrences(of: library.root, with: " ")
        for name in dataNames { rest = rest.replacingOccurrences(of: name, with: " ") }
        return rest.unicodeScalars.contains { CharacterSet.letters.contains($0) } ? rest : ""
    }

    /// The library's names and the units GLib writes, longest first: data, never translated.
    private var dataNames: [String] {
        let names = library.newestFirst.map { URL(fileURLWithPath: $0).lastPathComponent }
            + ["Pictures", "Screenshots", "Trip", "2024", "kB", "MB", "GB", "bytes", "byte", "image/jpeg", "image/png"]
            + [URL(fileURLWithPath: library.root).lastPathComponent]
        return names.sorted { $0.count > $1.count }
    }

    /// GTK's words that are not photopick's: the msgids of GTK's own catalogue (German's, the
    /// one the tests' locale has), less every msgid photopick has. A string both use ("Cancel")
    /// shown untranslated could be either's, so it counts as photopick's and fails; a string
    /// photopick forgot to mark that happens to be GTK's is caught in German instead
    /// (`testTheGermanWindowSpeaksGerman`), where GTK would have translated its own.
    private func toolkitWords() throws -> Set<String> {
        if let words = toolkitWordsFound { return words }
        guard let gtk = try CompiledCatalogue.gtk(language: "de") else {
            throw XCTSkip("GTK's German catalogue (gtk40.mo) is not installed: cannot tell GTK's words from ours")
        }
        let words = gtk.shownMessageIDs.subtracting(try catalogues.catalogue(language: Catalogues.pseudoLanguage).shownMessageIDs)
        toolkitWordsFound = words
        return words
    }
    private var toolkitWordsFound: Set<String>?

    /// GTK's words as one of its own widgets could show them, were they untranslated.
    func testTheToolkitsWordsAreToldFromOurs() throws {
        // The search entry's clear button: "Clear entry" up to GTK 4.16, "Clear Entry" since.
        let clear = try XCTUnwrap(["Clear entry", "Clear Entry"].first { try toolkitWords().contains($0) }, "GTK's clear button")
        XCTAssertEqual(try untranslated(clear), "")
        // photopick's own words are never taken for GTK's, even those GTK has too.
        XCTAssertEqual(try untranslated("Cancel"), "Cancel")
        XCTAssertEqual(try untranslated("Choose Folder…"), "Choose Folder…")
        XCTAssertEqual(try untranslated("⟦Cancel⟧"), "")
    }

    func testEveryVisibleStringIsTranslatedInThePseudoLanguage() throws {
        let (strings, output) = try run(language: Catalogues.pseudoLanguage) { picker in
            try picker.press("space")  // a pick: the summary, the tray, the headers' Deselect
            try picker.after({ try picker.press("alt+Return") }, expectTrace: " preview-name-lines ")  // the preview and its information panel
            try picker.press("Escape")
        }
        XCTAssertEqual(output.status, 1, output.stderrText)
        XCTAssertGreaterThan(strings.count, 20, "the window's strings were dumped: \(strings)")
        let kinds = Set(strings.map(\.kind))
        XCTAssertTrue(kinds.isSuperset(of: ["title", "label", "tooltip", "accessible", "placeholder"]), "\(kinds)")
        let leftovers = try strings.filter { try !untranslated($0.text).isEmpty }.map { "\($0.kind): \($0.text)" }
        XCTAssertEqual(leftovers, [], "strings that did not go through gettext")
        XCTAssertTrue(strings.contains { $0.kind == "label" && $0.text == "⟦Cancel⟧" }, "\(strings)")
        XCTAssertTrue(strings.contains { $0.kind == "label" && $0.text == "⟦Dimensions⟧" }, "the preview's panel was seen: \(strings)")
    }

    /// An empty folder: the status page's title, text and button.
    func testTheStatusPageIsTranslatedInThePseudoLanguage() throws {
        let empty = dir.path + "/Empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let (strings, _) = try run(language: Catalogues.pseudoLanguage, folder: empty)
        let leftovers = try strings.filter { try !untranslated($0.text.replacingOccurrences(of: empty, with: " ")).isEmpty }
            .map { "\($0.kind): \($0.text)" }
        XCTAssertEqual(leftovers, [], "strings that did not go through gettext")
        XCTAssertTrue(strings.contains { $0.text == "⟦No Photos or Videos⟧" }, "\(strings)")
        XCTAssertTrue(strings.contains { $0.text == "⟦Choose Folder…⟧" }, "\(strings)")
    }

    func testTheGermanWindowSpeaksGerman() throws {
        let (strings, _) = try run(language: "de")
        let texts = Set(strings.map(\.text))
        for expected in ["Abbrechen", "Fotos auswählen", "Alle Fotos", "Alben", "Namen suchen", "Hinzufügen"] {
            XCTAssertTrue(texts.contains(expected), "\(expected) not among \(texts.sorted())")
        }
        XCTAssertFalse(texts.contains("Cancel"), "\(texts.sorted())")
        // No word GTK's German catalogue translates is left in English (GTK's own, or one of
        // ours that never went through gettext), the library's names aside.
        guard let gtk = try CompiledCatalogue.gtk(language: "de") else { return }
        let english = texts.subtracting(dataNames).filter { text in
            gtk.translations.contains { $0.key.replacingOccurrences(of: "_", with: "") == text && $0.value != $0.key }
        }
        XCTAssertEqual(english.sorted(), [], "English words in the German window that GTK's catalogue translates")
    }

    /// A pick answered on stdout (JSON and URIs) and in a response file is the same in
    /// German as in C.
    func testTheChoosersAnswerIsTheSameInGerman() throws {
        for format in ["json", "uri", "lines"] {
            var answers: [Data] = []
            var responses: [Data] = []
            for language in [nil, "de"] {
                let response = dir.path + "/response-\(format)-\(language ?? "C").json"
                let (_, output) = try run(language: language, arguments: ["--format", format, "--response", response]) { picker in
                    try picker.press("space", "Right", "space", "Return")
                }
                XCTAssertEqual(output.status, 0, output.stderrText)
                answers.append(output.stdout)
                responses.append(try Data(contentsOf: URL(fileURLWithPath: response)))
            }
            XCTAssertFalse(answers[0].isEmpty, format)
            XCTAssertEqual(answers[1], answers[0], "\(format): stdout differs in German")
            XCTAssertEqual(responses[1], responses[0], "\(format): the response file differs in German")
        }
    }
}
