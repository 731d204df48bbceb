import Foundation

/// A fresh folder under the system temporary directory, removed when released.
public final class TemporaryDirectory: @unchecked Sendable {
    public let path: String

    /// `prefix` names the folder under the temporary directory, or is a whole path prefix
    /// when it starts with `/` (e.g. on another file system).
    public init(prefix: String = "photopick-test") {
        let base = NSTemporaryDirectory().hasSuffix("/") ? String(NSTemporaryDirectory().dropLast()) : NSTemporaryDirectory()
        let template = (prefix.hasPrefix("/") ? prefix : base + "/" + prefix) + "-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { fatalError("mkdtemp failed for \(template)") }
        path = String(cString: made)
    }

    public func url(_ relative: String) -> URL { URL(fileURLWithPath: path + "/" + relative) }

    deinit {
        // Restore permissions a test may have taken away, then remove everything.
        _ = try? ProcessRunner.run("/bin/chmod", ["-R", "u+rwx", path])
        try? FileManager.default.removeItem(atPath: path)
    }
}
