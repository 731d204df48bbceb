import Foundation

/// One line on stderr per event: the journal keeps it under a D-Bus activated service.
public enum Log {
    public static func line(_ text: String) {
        FileHandle.standardError.write(Data("photopick-portal: \(text)\n".utf8))
    }
}
