import Foundation

/// The repository's root folder (for the examples, the Makefile, the portal's clients).
public enum Repository {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
}
