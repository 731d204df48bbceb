internal import CGLib

/// A key file read once with GLib's `GKeyFile` (no flags): `.thumbnailer` files, `.portal`
/// files, the portal backend's portal.conf, xdg-desktop-portal's `portals.conf`. GLib's parser
/// is the one GNOME and xdg-desktop-portal read these files with, so escapes (`\s`, `\;`…),
/// comments, other groups and broken files mean the same here as there.
public final class KeyFile {
    private let raw: OpaquePointer

    /// Nil when the file is missing or not a key file (`problem` says why, unless it is missing).
    public init?(path: String, problem: ((String) -> Void)? = nil) {
        raw = g_key_file_new()
        var error: UnsafeMutablePointer<GError>?
        guard g_key_file_load_from_file(raw, path, G_KEY_FILE_NONE, &error) != 0 else {
            if let error {
                let missing = error.pointee.domain == g_file_error_quark() && error.pointee.code == G_FILE_ERROR_NOENT.rawValue
                if !missing { problem?("\(path): \(String(cString: error.pointee.message))") }
                g_error_free(error)
            }
            return nil  // deinit frees the key file
        }
    }

    /// Nil when `bytes` is not a key file; `problem` says why.
    public init?(bytes: [UInt8], problem: ((String) -> Void)? = nil) {
        raw = g_key_file_new()
        var error: UnsafeMutablePointer<GError>?
        let loaded = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { g_key_file_load_from_data(raw, $0.baseAddress, gsize($0.count), G_KEY_FILE_NONE, &error) }
        }
        guard loaded != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            problem?(message)
            return nil
        }
    }

    /// Nil when `text` is not a key file.
    public convenience init?(text: String) {
        self.init(bytes: Array(text.utf8))
    }

    deinit { g_key_file_free(raw) }

    /// The keys of `group` in file order (a key given twice, once); empty without the group.
    public func keys(_ group: String) -> [String] {
        var count: gsize = 0
        guard let keys = g_key_file_get_keys(raw, group, &count, nil) else { return [] }
        defer { g_strfreev(keys) }
        var seen = Set<String>()
        return (0..<Int(count)).compactMap { keys[$0].map { String(cString: $0) } }.filter { seen.insert($0).inserted }
    }

    /// A value as written, escapes and all (to copy it into another key file unchanged).
    public func rawValue(_ group: String, _ key: String) -> String? {
        guard let value = g_key_file_get_value(raw, group, key, nil) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// A `;`-separated list, unescaped; nil when the key is missing or cannot be read as one
    /// (xdg-desktop-portal then refuses the whole file).
    public func stringList(_ group: String, _ key: String) -> [String]? {
        var count: gsize = 0
        guard let values = g_key_file_get_string_list(raw, group, key, &count, nil) else { return nil }
        defer { g_strfreev(values) }
        return (0..<Int(count)).compactMap { values[$0].map { String(cString: $0) } }
    }

    public func hasKey(_ group: String, _ key: String) -> Bool { g_key_file_has_key(raw, group, key, nil) != 0 }

    /// A string value, unescaped; nil when the key is missing.
    public func string(_ group: String, _ key: String) -> String? {
        guard let value = g_key_file_get_string(raw, group, key, nil) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// A `;`-separated list, as `.portal` files write `Interfaces` and `UseIn`; empty when missing.
    public func list(_ group: String, _ key: String) -> [String] {
        stringList(group, key) ?? []
    }

    /// Every key of `group` with its string value.
    public func group(_ group: String) -> [String: String] {
        var values: [String: String] = [:]
        for key in keys(group) { values[key] = string(group, key) }
        return values
    }
}
