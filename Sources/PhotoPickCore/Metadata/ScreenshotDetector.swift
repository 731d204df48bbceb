/// Recognises screenshots by what screenshot tools write: the names they give their files
/// (`ScreenshotNames`), the program they name in the file's tags (EXIF or XMP Software and
/// CreatorTool, a PNG's `Software` text), the comment iOS and macOS write ("Screenshot" in
/// EXIF or XMP UserComment), a PNG's `Title`; and by a "Screenshots" folder on the path.
///
/// A PNG exactly the size of a screen does not count at all, not even as a hint to combine
/// with another: wallpapers, exported slides and drawings come in screen sizes too, and
/// every sign above decides alone, so a weak one could only add wrong answers.
public enum ScreenshotDetector {
    /// The tags that can mark a screenshot, as the file holds them.
    public struct Tags: Sendable, Hashable {
        /// The programs named as the file's writer.
        public var software: [String] = []
        /// EXIF and XMP UserComment, as exiv2 prints them ("charset=Ascii Screenshot",
        /// `lang="x-default" Screenshot`).
        public var comments: [String] = []
        /// A PNG's tEXt `Title`.
        public var title: String?

        public init(software: [String] = [], comments: [String] = [], title: String? = nil) {
            (self.software, self.comments, self.title) = (software, comments, title)
        }
    }

    public static func isScreenshot(name: String, folderPath components: [String], tags: Tags = Tags()) -> Bool {
        if ScreenshotNames.match(name) { return true }
        if components.contains(where: { folderNames.contains($0.lowercased()) }) { return true }
        if tags.software.contains(where: namesScreenshotTool) { return true }
        if tags.comments.contains(where: { ScreenshotNames.startsWithTheWord(commentText($0).utf8) }) { return true }
        if let title = tags.title, ScreenshotNames.startsWithTheWord(title.trimmingWhitespace.utf8) { return true }
        return false
    }

    /// Whether a Software or CreatorTool value names a screenshot tool: "gnome-screenshot"
    /// (GNOME Shell and GNOME Screenshot write it into every PNG), "Spectacle 24.02",
    /// "ksnip 1.10", "Shutter", "Xfce4-screenshooter", "Snipping Tool"…
    static func namesScreenshotTool(_ software: String) -> Bool {
        let lower = software.lowercased()
        if toolPhrases.contains(where: lower.contains) { return true }
        // Short names as the program's first word only: "grim" is also in "Grimaldi".
        let first = lower.split(whereSeparator: { $0 == " " || $0 == "/" || $0 == "(" || $0 == "," }).first
        return first.map { toolNames.contains(String($0)) } ?? false
    }

    static let toolPhrases = ["screenshot", "screen shot", "screenshooter", "snipping tool", "snip & sketch"]
    static let toolNames: Set<String> = [
        "spectacle", "ksnip", "flameshot", "shutter", "greenshot", "sharex", "lightshot", "scrot", "grim", "maim",
        "gscreenshot", "ksnapshot", "screengrab", "snagit", "cleanshot", "shottr",
    ]

    /// A comment without exiv2's "charset=Ascii " or `lang="x-default" ` in front.
    static func commentText(_ comment: String) -> String {
        var text = Substring(comment)
        for prefix in ["charset=", "lang="] where text.hasPrefix(prefix) {
            if prefix == "lang=", text.dropFirst(prefix.count).first == "\"",
               let close = text.dropFirst(prefix.count + 1).firstIndex(of: "\"") {
                text = text[text.index(after: close)...]
            } else if let space = text.firstIndex(of: " ") {
                text = text[text.index(after: space)...]
            } else {
                text = ""
            }
        }
        return String(text.drop { $0 == " " })
    }

    static let folderNames: Set<String> = ["screenshots", "screen shots", "bildschirmfotos"]

    /// Whether a folder's name (its bytes) can be one of `folderNames` in some case: an
    /// ASCII name of another length cannot, as ASCII lowercasing keeps the length. The
    /// assembler makes a String only of those that can, not of every folder of every file.
    public static func mayNameScreenshotFolder(_ bytes: ArraySlice<UInt8>) -> Bool {
        folderNameLengths.contains(bytes.count) || bytes.contains { $0 >= 0x80 }
    }

    static let folderNameLengths = Set(folderNames.map(\.utf8.count))
}
