internal import CMedia

/// The `[Thumbnailer Entry]` group of a `.thumbnailer` file, read with GLib's `GKeyFile` —
/// the parser GNOME reads these files with, so escapes (`\s`, `\;` …), comments and other
/// groups mean the same here.
struct ThumbnailerKeyFile: ~Copyable {
    private static let group = "Thumbnailer Entry"
    private let keyFile: OpaquePointer

    /// Nil when the text is not a valid key file.
    init?(_ text: String) {
        let keyFile = g_key_file_new()!
        guard g_key_file_load_from_data(keyFile, text, gsize(text.utf8.count), G_KEY_FILE_NONE, nil) != 0 else {
            g_key_file_free(keyFile)
            return nil
        }
        self.keyFile = keyFile
    }

    deinit { g_key_file_free(keyFile) }

    /// A string value, unescaped; nil when the key is missing.
    func string(_ key: String) -> String? {
        guard let value = g_key_file_get_string(keyFile, Self.group, key, nil) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// A `;`-separated list, unescaped, empty items dropped; nil when the key is missing.
    func list(_ key: String) -> [String]? {
        var length: gsize = 0
        guard let items = g_key_file_get_string_list(keyFile, Self.group, key, &length, nil) else { return nil }
        defer { g_strfreev(items) }
        return (0..<Int(length)).compactMap { items[$0].map { String(cString: $0) } }.filter { !$0.isEmpty }
    }
}
