import Foundation

/// One line on stderr per event: the journal keeps it under a D-Bus activated service.
/// Whatever went into the text, it stays one line (`LogText.line`).
public enum Log {
    public static func line(_ text: String) {
        FileHandle.standardError.write(Data("photopick-portal: \(LogText.line(text))\n".utf8))
    }
}
