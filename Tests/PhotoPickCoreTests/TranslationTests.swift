@testable import PhotoPickCore
import XCTest

/// Core's injected translation: placeholders, the English built-in date format, and a
/// translation installed the way the executable does it.
final class TranslationTests: XCTestCase {
    override func tearDown() {
        Translation.current = .english
        super.tearDown()
    }

    func testFillReplacesPlaceholdersInOrderAndByNumber() {
        XCTAssertEqual(Translation.fill("Searching %s", ["~/Pictures"]), "Searching ~/Pictures")
        XCTAssertEqual(Translation.fill("%2$s before %1$s", ["a", "b"]), "b before a")
        XCTAssertEqual(Translation.fill("%s%%", ["150"]), "150%")
        XCTAssertEqual(Translation.fill("100%", []), "100%", "no arguments: the text as written")
        XCTAssertEqual(Translation.fill("%s and %s", ["one"]), "one and %s", "a missing argument stays visible")
        XCTAssertEqual(Translation.fill("%3$s", ["a"]), "%3$s")
    }

    func testEnglishDatesWithoutAnInstalledFormatter() {
        let day = CivilDate(year: 2024, month: 5, day: 1)
        XCTAssertEqual(Translation.english.formatDate("%A, %-d %B %Y, %H:%M", day, hour: 14, minute: 3),
                       "Wednesday, 1 May 2024, 14:03")
        XCTAssertEqual(Translation.english.formatDate("%d.%%", day), "01.%")
    }

    /// A front end's translation reaches the window's words, and machine output can still
    /// ask for English.
    func testAnInstalledTranslationChangesWordsButNotEnglishTitles() {
        Translation.current = Translation(
            singular: { message in
                ["%-d %B %Y": "%-d. %B %Y", "%B %Y": "%B %Y", "Nothing selected": "Nichts ausgewählt",
                 "%1$s and %2$s": "%1$s und %2$s"][message] ?? message
            },
            plural: { one, many, n in
                let forms = ["%s video": ("%s Video", "%s Videos")][one] ?? (one, many)
                return n == 1 ? forms.0 : forms.1
            },
            bytes: { "\($0) B" },
            date: { format, date, _, _ in
                format.replacingOccurrences(of: "%-d", with: String(date.day))
                    .replacingOccurrences(of: "%B", with: ["Januar", "Februar", "März", "April", "Mai"][date.month - 1])
                    .replacingOccurrences(of: "%Y", with: String(date.year))
            })
        XCTAssertEqual(SelectionSummary.text(SelectionTotals()), "Nichts ausgewählt")
        XCTAssertEqual(trn("%s video", "%s videos", 2, "2"), "2 Videos")
        XCTAssertEqual(HumanFormat.bytes(2000), "2000 B")
        XCTAssertEqual(HumanFormat.list(["a", "b", "c"]), "a, b und c")
        XCTAssertEqual(GroupTitle.long(CivilDate(year: 2024, month: 5, day: 1)), "1. Mai 2024")
        XCTAssertEqual(GroupTitle.long(CivilDate(year: 2024, month: 5, day: 1), in: .english), "1 May 2024")
    }
}
