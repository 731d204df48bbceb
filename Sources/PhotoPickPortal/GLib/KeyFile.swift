import CGio

/// A GKeyFile read once: `.portal` files, photopick's portal.conf, xdg-desktop-portal's
/// `portals.conf` (read as the portal reads it: GLib's parser, no flags).
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
            let message = consume(error)
            problem?(message)
            return nil
        }
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

    /// A `;`-separated list, or nil when it cannot be read as one (xdg-desktop-portal then
    /// refuses the whole file).
    public func stringList(_ group: String, _ key: String) -> [String]? {
        var count: gsize = 0
        guard let values = g_key_file_get_string_list(raw, group, key, &count, nil) else { return nil }
        defer { g_strfreev(values) }
        return (0..<Int(count)).compactMap { values[$0].map { String(cString: $0) } }
    }

    public func hasKey(_ group: String, _ key: String) -> Bool { g_key_file_has_key(raw, group, key, nil) != 0 }

    public func string(_ group: String, _ key: String) -> String? {
        guard let value = g_key_file_get_string(raw, group, key, nil) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// A `;`-separated list, as `.portal` files write `Interfaces` and `UseIn`.
    public func list(_ group: String, _ key: String) -> [String] {
        var count: gsize = 0
        guard let values = g_key_file_get_string_list(raw, group, key, &count, nil) else { return [] }
        defer { g_strfreev(values) }
        return (0..<Int(count)).compactMap { values[$0].map { String(cString: $0) } }
    }

    /// Every key of `group` with its string value.
    public func group(_ group: String) -> [String: String] {
        var count: gsize = 0
        guard let keys = g_key_file_get_keys(raw, group, &count, nil) else { return [:] }
        defer { g_strfreev(keys) }
        var values: [String: String] = [:]
        for i in 0..<Int(count) {
            guard let key = keys[i].map({ String(cString: $0) }) else { continue }
            values[key] = string(group, key)
        }
        return values
    }
}
