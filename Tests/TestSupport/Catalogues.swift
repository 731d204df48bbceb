import Foundation

/// photopick's translations compiled for a test: po/LANG.po as LANG, and a pseudo-language
/// (`pseudo`) in which every message is wrapped in ⟦…⟧, made from the template with msgen and
/// msgfilter. Point `PHOTOPICK_LOCALEDIR` at `directory` and choose the language with
/// `environment(language:)`.
public final class Catalogues {
    public static let pseudoLanguage = "pseudo"
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private let root = TemporaryDirectory(prefix: "photopick-locale")
    public var directory: String { root.path }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Compiles every language in po/LINGUAS, and the pseudo-language when asked.
    public init(pseudo: Bool = false) throws {
        let po = Self.repository.appendingPathComponent("po").path
        let linguas = try String(contentsOfFile: po + "/LINGUAS", encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        for language in linguas { try compile(po + "/\(language).po", language: language) }
        if pseudo {
            // msgen copies each msgid to its msgstr (plural forms too); msgfilter wraps them.
            let english = root.path + "/pseudo-en.po", wrapped = root.path + "/pseudo.po"
            try Self.tool("msgen", ["--no-wrap", "-o", english, po + "/photopick.pot"])
            // The template's header leaves the plural rule to the translator: English's.
            let header = try String(contentsOfFile: english, encoding: .utf8)
                .replacingOccurrences(of: "nplurals=INTEGER; plural=EXPRESSION;", with: "nplurals=2; plural=(n != 1);")
            try header.write(toFile: english, atomically: true, encoding: .utf8)
            try Self.tool("msgfilter", ["--keep-header", "--no-wrap", "-i", english, "-o", wrapped,
                                        "sed", "-e", "s/^/⟦/", "-e", "s/$/⟧/"])
            try compile(wrapped, language: Self.pseudoLanguage)
        }
    }

    private func compile(_ po: String, language: String) throws {
        let folder = root.path + "/\(language)/LC_MESSAGES"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.tool("msgfmt", ["--check", "-o", folder + "/photopick.mo", po])
    }

    /// photopick's compiled catalogue for `language` (the pseudo-language's holds every message).
    public func catalogue(language: String) throws -> CompiledCatalogue {
        try CompiledCatalogue(path: root.path + "/\(language)/LC_MESSAGES/photopick.mo")
    }

    /// What photopick needs to speak `language` (a po/ language or `pseudoLanguage`): the
    /// German locale for the C library (make deps generates it), LANGUAGE for the catalogue.
    public func environment(language: String) -> [String: String] {
        ["PHOTOPICK_LOCALEDIR": directory, "LC_ALL": "de_DE.UTF-8", "LANG": "de_DE.UTF-8", "LANGUAGE": language]
    }

    /// Whether the German locale exists (the tests that need it skip with a reason otherwise).
    public static var germanLocaleInstalled: Bool {
        let out = try? ProcessRunner.run("/usr/bin/locale", ["-a"])
        return out?.stdoutText.lowercased().split(separator: "\n").contains("de_de.utf8") ?? false
    }

    @discardableResult
    static func tool(_ name: String, _ arguments: [String]) throws -> ProcessRunner.Output {
        guard let path = Binaries.which(name) else { throw Failure(description: "\(name) is not installed (make deps installs gettext)") }
        let out = try ProcessRunner.run(path, arguments)
        guard out.status == 0 else { throw Failure(description: "\(name) failed: \(out.stderrText)") }
        return out
    }
}
