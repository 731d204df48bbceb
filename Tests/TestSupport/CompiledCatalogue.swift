import Foundation

/// The messages of a compiled gettext catalogue (a .mo file): each original string (its
/// msgid) with its translation. A message with a context is keyed by its msgid alone; a
/// plural message by its singular, with its first form.
public struct CompiledCatalogue {
    public let translations: [String: String]

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let bytes = [UInt8](data)
        func word(_ offset: Int, bigEndian: Bool) throws -> Int {
            guard offset >= 0, offset + 4 <= bytes.count else { throw Failure(description: "\(path): cut short at \(offset)") }
            let b = bytes[offset..<offset + 4].map(UInt32.init)
            return Int(bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0])
        }
        // The magic number in the file's byte order.
        let bigEndian: Bool
        switch try word(0, bigEndian: false) {
        case 0x9504_12de: bigEndian = false
        case 0xde12_0495: bigEndian = true
        default: throw Failure(description: "\(path) is not a compiled gettext catalogue")
        }
        let count = try word(8, bigEndian: bigEndian)
        let originals = try word(12, bigEndian: bigEndian), translated = try word(16, bigEndian: bigEndian)
        func string(table: Int, index: Int) throws -> String {
            let length = try word(table + 8 * index, bigEndian: bigEndian)
            let start = try word(table + 8 * index + 4, bigEndian: bigEndian)
            guard start + length <= bytes.count else { throw Failure(description: "\(path): a string past its end") }
            return String(decoding: bytes[start..<start + length], as: UTF8.self)
        }
        var translations: [String: String] = [:]
        for i in 0..<count {
            var original = try string(table: originals, index: i)
            if let context = original.firstIndex(of: "\u{4}") { original = String(original[original.index(after: context)...]) }
            guard !original.isEmpty else { continue }  // the header
            let singular = original.split(separator: "\0", omittingEmptySubsequences: false)[0]
            let translation = try string(table: translated, index: i).split(separator: "\0", omittingEmptySubsequences: false)[0]
            translations[String(singular)] = String(translation)
        }
        self.translations = translations
    }

    /// Every msgid, and each also as a label shows it (without its mnemonic underscore).
    public var shownMessageIDs: Set<String> {
        Set(translations.keys.flatMap { [$0, $0.replacingOccurrences(of: "_", with: "")] })
    }

    /// GTK 4's own catalogue in `language` (its words: an entry's clear button, a drop-down's
    /// search), or nil when the system has none.
    public static func gtk(language: String) throws -> CompiledCatalogue? {
        let path = "/usr/share/locale/\(language)/LC_MESSAGES/gtk40.mo"
        return FileManager.default.fileExists(atPath: path) ? try CompiledCatalogue(path: path) : nil
    }
}
