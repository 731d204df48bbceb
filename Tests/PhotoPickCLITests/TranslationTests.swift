import Foundation
import TestSupport
import XCTest

/// The translation machinery: the check that keeps messages extractable, the German
/// catalogue's completeness, and machine output that is the same in every language.
final class TranslationTests: XCTestCase {
    private let repo = Catalogues.repository.path

    private func python(_ args: [String]) throws -> ProcessRunner.Output {
        guard let python = Binaries.which("python3") else { throw XCTSkip("python3 is not installed (make deps installs it)") }
        return try ProcessRunner.run(python, args)
    }

    func testEveryMessageInTheSourcesIsAPlainLiteral() throws {
        let out = try python([repo + "/scripts/i18n-check.py", repo + "/Sources"])
        XCTAssertEqual(out.status, 0, out.stdoutText + out.stderrText)
        XCTAssertEqual(out.stdoutText, "")
    }

    /// Each way a Swift literal defeats xgettext's C parser is reported, with its line.
    func testTheCheckFailsOnMessagesTheCParserWouldMisread() throws {
        let dir = TemporaryDirectory()
        let file = dir.path + "/Bad.swift"
        try """
            let a = tr("Hello \\(name)")
            let b = trn("%s photo", plural, n)
            let c = tr(\"\"\"
                many lines
                \"\"\")
            let d = tr(#"raw"#)
            let e = tr("fine %s", "\\(x)")
            // tr(word) in a comment is not a call
            let f = t.tr("fine too")

            """.write(toFile: file, atomically: true, encoding: .utf8)
        let out = try python([repo + "/scripts/i18n-check.py", file])
        XCTAssertEqual(out.status, 1)
        let lines = out.stdoutText.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, out.stdoutText)
        XCTAssertTrue(lines[0].hasPrefix(file + ":1: tr(…) argument 1 is interpolation"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix(file + ":2: trn(…) argument 2 is not a plain literal"), lines[1])
        XCTAssertTrue(lines[2].hasPrefix(file + ":3: tr(…) argument 1 is a multi-line literal"), lines[2])
        XCTAssertTrue(lines[3].hasPrefix(file + ":6: tr(…) argument 1 is a raw literal"), lines[3])
    }

    /// What xgettext reads of a Swift file: the same lines, Swift-only literals blanked, the
    /// calls inside interpolations kept.
    func testTheCViewKeepsLinesAndCallsInsideInterpolations() throws {
        let dir = TemporaryDirectory()
        let file = dir.path + "/View.swift", view = dir.path + "/View.c"
        try "let a = \"x\\(tr(\"Inner\"))y\"\nlet b = \"\"\"\n\"quoted\"\n\"\"\"\nlet c = tr(\"After\")\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let out = try python([repo + "/scripts/i18n-check.py", "--c-view", file, view])
        XCTAssertEqual(out.status, 0, out.stderrText)
        let text = try String(contentsOfFile: view, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 6, text)
        XCTAssertTrue(lines[0].contains("tr(\"Inner\")"), text)
        XCTAssertFalse(text.contains("quoted"), text)
        XCTAssertEqual(lines[4], "let c = tr(\"After\")")
    }

    /// Every message of the template has a German translation that msgfmt accepts (format
    /// strings agree), none fuzzy, and there are at least 150.
    func testTheGermanCatalogueIsCompleteAndValid() throws {
        guard let msgfmt = Binaries.which("msgfmt"), let msgcmp = Binaries.which("msgcmp") else {
            throw XCTSkip("gettext is not installed (make deps installs it)")
        }
        let stats = try ProcessRunner.run(msgfmt, ["--check", "--statistics", "-o", "/dev/null", repo + "/po/de.po"])
        XCTAssertEqual(stats.status, 0, stats.stderrText)
        let summary = stats.stderrText.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertFalse(summary.contains("fuzzy") || summary.contains("untranslated"), summary)
        let count = Int(summary.split(separator: " ").first ?? "") ?? 0
        XCTAssertGreaterThanOrEqual(count, 150, summary)
        let compare = try ProcessRunner.run(msgcmp, ["-N", repo + "/po/de.po", repo + "/po/photopick.pot"])
        XCTAssertEqual(compare.status, 0, "po/de.po lacks messages of po/photopick.pot (run make pot): " + compare.stderrText)
    }

    /// The template holds every message the sources have: regenerating it adds nothing.
    func testTheTemplateIsUpToDate() throws {
        guard Binaries.which("xgettext") != nil, let msgcmp = Binaries.which("msgcmp") else {
            throw XCTSkip("gettext is not installed (make deps installs it)")
        }
        let dir = TemporaryDirectory()
        // A copy of what update-pot.sh reads, so the check leaves the checkout alone.
        for item in ["Sources", "scripts", "data"] {
            let copy = try ProcessRunner.run("/bin/cp", ["-r", repo + "/" + item, dir.path + "/" + item])
            XCTAssertEqual(copy.status, 0, copy.stderrText)
        }
        try FileManager.default.createDirectory(atPath: dir.path + "/po", withIntermediateDirectories: true)
        let update = try ProcessRunner.run("/bin/sh", [dir.path + "/scripts/update-pot.sh"])
        XCTAssertEqual(update.status, 0, update.stdoutText + update.stderrText)
        // msgcmp: every message of the fresh template (second) must be in the committed one.
        let compare = try ProcessRunner.run(msgcmp, ["-N", "--use-untranslated", repo + "/po/photopick.pot", dir.path + "/po/photopick.pot"])
        XCTAssertEqual(compare.status, 0, "po/photopick.pot is out of date (run make pot): " + compare.stderrText)
    }

    /// `albums` and `list` print the same bytes in German as in C, in every format, while
    /// the German catalogue is really in effect (the usage hint on stderr is German).
    func testMachineOutputIsTheSameInGerman() throws {
        guard Catalogues.germanLocaleInstalled else { throw XCTSkip("no de_DE.UTF-8 locale (make deps generates it)") }
        let catalogues = try Catalogues()
        let dir = TemporaryDirectory()
        let library = try SampleLibrary.make(in: dir)
        let plain = ["PATH": "/usr/bin:/bin", "HOME": dir.path, "LC_ALL": "C", "PHOTOPICK_LOCALEDIR": catalogues.directory]
        var german = catalogues.environment(language: "de")
        german["PATH"] = "/usr/bin:/bin"
        german["HOME"] = dir.path
        let commands: [[String]] = [
            ["albums", library.root], ["albums", "--json", library.root],
            ["list", library.root], ["list", "--json", library.root], ["list", "--sort", "name", library.root],
            ["list", "--json", "--group", "month", library.root], ["list", "--json", "--group", "day", library.root],
            ["list", "--json", "--group", "event", library.root], ["list", "--json", "--group", "week", library.root],
            ["list", "--album", "All Photos", library.root], ["list", "--album", "Screenshots", "--json", library.root],
            ["list", "--no-such-option"], ["list", "/nonexistent-folder"],
        ]
        // The first run fills the index the others then read; they run side by side (each
        // one is mostly a program starting up).
        _ = try ProcessRunner.run(Binaries.photopick, commands[0], environment: plain)
        let outputs = try ProcessRunner.runAll(commands.flatMap { command in
            [ProcessRunner.Run(Binaries.photopick, command, environment: plain),
             ProcessRunner.Run(Binaries.photopick, command, environment: german)]
        })
        for (i, command) in commands.enumerated() {
            let c = outputs[2 * i], de = outputs[2 * i + 1]
            XCTAssertEqual(de.status, c.status, "\(command)")
            XCTAssertEqual(de.stdout, c.stdout, "\(command): stdout differs in German:\n\(de.stdoutText)\nvs\n\(c.stdoutText)")
        }
        let usage = try XCTUnwrap(commands.firstIndex(of: ["list", "--no-such-option"]).map { outputs[2 * $0 + 1] })
        XCTAssertTrue(usage.stderrText.contains("Weitere Informationen erhältst du mit »photopick --help«."), usage.stderrText)
    }

    /// make translations writes the German names into the desktop entry and the metainfo.
    func testDesktopEntryAndMetainfoAreTranslated() throws {
        guard Binaries.which("msgfmt") != nil else { throw XCTSkip("gettext is not installed (make deps installs it)") }
        let out = TemporaryDirectory()
        let make = try ProcessRunner.run("/usr/bin/make", ["-C", repo, "--no-print-directory", "translations", "I18N_OUT=\(out.path)"])
        XCTAssertEqual(make.status, 0, make.stderrText)
        let desktop = try String(contentsOfFile: out.path + "/io.github.photopick.PhotoPick.desktop", encoding: .utf8)
        XCTAssertTrue(desktop.contains("\nName=Photo Picker\n"), desktop)
        XCTAssertTrue(desktop.contains("\nName[de]=Fotoauswahl\n"), desktop)
        XCTAssertTrue(desktop.contains("\nExec=photopick --copy %F\n"), desktop)
        let metainfo = try String(contentsOfFile: out.path + "/io.github.photopick.PhotoPick.metainfo.xml", encoding: .utf8)
        XCTAssertTrue(metainfo.contains("<summary xml:lang=\"de\">Fotos und Videos aus einem Raster von Vorschaubildern auswählen</summary>"), metainfo)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.path + "/locale/de/LC_MESSAGES/photopick.mo"))
    }
}
