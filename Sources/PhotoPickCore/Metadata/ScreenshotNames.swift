/// The names screenshot tools give their files, as the tools write them:
///
/// - the English word first, then a break or the end: GNOME "Screenshot from 2024-07-15
///   10-30-00" and "Screenshot From …", KDE Spectacle "Screenshot_20240715_103000", Android
///   "Screenshot_20240715-103000_Chrome", "Screenshot_2024-07-15-10-30-00-123_com.app",
///   macOS "Screenshot 2024-07-15 at 10.30.00" and "Screen Shot …", Windows "Screenshot
///   2024-07-15 103000" and "Screenshot (12)", Xfce "Screenshot_2024-07-15_10-30-00";
/// - GNOME's translations, exactly: the translated name with GNOME's time stamp in it
///   ("Bildschirmfoto vom 2024-07-15 10-30-00", "2024-07-15 10-30-00 থেকে স্ক্রিনশট"),
///   with or without GNOME's "-2" or " - 2" for a second file of that second;
/// - the other tools' translations of the word followed by their date: Xfce and Spectacle
///   "Bildschirmfoto_2024-07-15_…", "Bildschirmfoto_20240715_…", macOS "Bildschirmfoto
///   2024-07-15 um 10.30.00", and Windows "Captura de pantalla (3)".
///
/// A translated word alone is not enough ("Imagine", "Captura", "Schermata" are ordinary
/// words too): it takes the tool's date or counter. iOS names screenshots like photos
/// ("IMG_1234.PNG"); those are known by their tags (`ScreenshotDetector`), not here.
enum ScreenshotNames {
    static func match(_ name: String) -> Bool {
        let stem = Array(stem(of: name))
        return startsWithTheWord(stem) || isGNOMETemplate(stem) || isTranslatedWordWithDate(stem)
    }

    /// "screenshot", "screen shot" and the like at the start, followed by the end of the
    /// name or a break: "screenshots-for-review" and "Screenshotting" are just files.
    static func startsWithTheWord(_ text: some Collection<UInt8>) -> Bool {
        for word in englishWords where text.count >= word.count {
            guard zip(text, word).allSatisfy({ lowerASCII($0) == $1 }) else { continue }
            guard let next = text.dropFirst(word.count).first else { return true }
            if breaks.contains(next) { return true }
        }
        return false
    }

    static let englishWords = ["screenshot", "screen shot", "screen_shot", "screen-shot"].map { Array($0.utf8) }
    static let breaks = Set(" _-(.,:".utf8)

    /// GNOME Shell and GNOME Screenshot: the translated name with the time stamp
    /// "%Y-%m-%d %H-%M-%S" where the translation has "%s"; a second file of the same second
    /// has "-2" at the end (GNOME Shell) or " - 2" after the stamp (GNOME Screenshot).
    private static func isGNOMETemplate(_ stem: [UInt8]) -> Bool {
        guard stem.count >= stampLength, let at = gnomeStamp(in: stem) else { return false }
        let before = stem[..<at], after = stem[(at + stampLength)...]
        func known(_ after: ArraySlice<UInt8>) -> Bool {
            let key = String(decoding: before + Array("%s".utf8) + after, as: UTF8.self).lowercased()
            return ScreenshotNameTranslations.gnomeTemplates.contains(key)
        }
        if known(after) { return true }
        if let counted = counter(endOf: after), known(after[..<counted]) { return true }
        if let counted = counter(startOf: after), known(after[counted...]) { return true }
        return false
    }

    private static let stampLength = 19

    /// Where "DDDD-DD-DD DD-DD-DD" starts, if anywhere.
    private static func gnomeStamp(in s: [UInt8]) -> Int? {
        let pattern = Array("0000-00-00 00-00-00".utf8)
        var i = 0
        while i + stampLength <= s.count {
            if zip(s[i...], pattern).allSatisfy({ $1 == UInt8(ascii: "0") ? isDigit($0) : $0 == $1 }) { return i }
            i += 1
        }
        return nil
    }

    /// Where "-2" or " - 2" at the end of `s` starts.
    private static func counter(endOf s: ArraySlice<UInt8>) -> Int? {
        let digits = s.reversed().prefix(while: isDigit).count
        guard digits > 0, digits < s.count else { return nil }
        var start = s.endIndex - digits - 1
        guard s[start] == UInt8(ascii: "-") else { return nil }
        if start > s.startIndex, s[start - 1] == UInt8(ascii: " ") { start -= 1 }
        return start
    }

    /// Where what follows " - 2" or "-2" at the start of `s` begins.
    private static func counter(startOf s: ArraySlice<UInt8>) -> Int? {
        var i = s.startIndex
        if s[i...].starts(with: " - ".utf8) { i += 3 } else if s[i...].first == UInt8(ascii: "-") { i += 1 } else { return nil }
        let digits = s[i...].prefix(while: isDigit).count
        return digits > 0 ? i + digits : nil
    }

    /// A translated word, then a space or an underscore and a date ("2024-07-15" or
    /// "20240715"), or then " (3)".
    private static func isTranslatedWordWithDate(_ stem: [UInt8]) -> Bool {
        // Windows: the word and a counter in brackets.
        if stem.last == UInt8(ascii: ")"), let open = stem.lastIndex(of: UInt8(ascii: "(")), open > 1,
           stem[open - 1] == UInt8(ascii: " "), open + 2 < stem.count, stem[(open + 1)..<(stem.count - 1)].allSatisfy(isDigit) {
            return isTranslatedWord(stem[..<(open - 1)])
        }
        var i = 1
        while i + 8 <= stem.count {
            if isDigit(stem[i]), !isDigit(stem[i - 1]), let end = dateEnd(stem, i) {
                let separator = stem[i - 1]
                if (separator == UInt8(ascii: " ") || separator == UInt8(ascii: "_")), end == stem.count || !isDigit(stem[end]) {
                    return isTranslatedWord(stem[..<(i - 1)])
                }
            }
            i += 1
        }
        return false
    }

    /// Where "DDDD-DD-DD" or "DDDDDDDD" starting at `i` ends.
    private static func dateEnd(_ s: [UInt8], _ i: Int) -> Int? {
        let digits = s[i...].prefix(while: isDigit).count
        if digits == 8 { return i + 8 }
        guard digits == 4, i + 10 <= s.count, s[i + 4] == UInt8(ascii: "-"), s[i + 7] == UInt8(ascii: "-"),
              isDigit(s[i + 5]), isDigit(s[i + 6]), isDigit(s[i + 8]), isDigit(s[i + 9]) else { return nil }
        return i + 10
    }

    private static func isTranslatedWord(_ bytes: ArraySlice<UInt8>) -> Bool {
        !bytes.isEmpty && ScreenshotNameTranslations.words.contains(String(decoding: bytes, as: UTF8.self).lowercased())
    }

    /// The name without its extension; "… at 10.30.00" keeps its ".00" (an extension has a letter).
    static func stem(of name: String) -> Substring.UTF8View {
        let utf8 = name.utf8
        if let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot > utf8.startIndex {
            let ext = utf8[utf8.index(after: dot)...]
            if (1...5).contains(ext.count), ext.contains(where: { !isDigit($0) }) { return name[..<dot].utf8 }
        }
        return name[...].utf8
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    private static func lowerASCII(_ b: UInt8) -> UInt8 { b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b + 32 : b }
}
