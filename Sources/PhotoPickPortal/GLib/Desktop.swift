import CGio

/// What GIO knows about the desktop: applications' names and file types.
public enum Desktop {
    /// The name the caller's desktop entry (`APP_ID.desktop`) shows, or nil.
    public static func applicationName(_ appID: String) -> String? {
        guard !appID.isEmpty, !appID.contains("/") else { return nil }
        guard let info = g_desktop_app_info_new(appID + ".desktop") else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        guard let name = g_app_info_get_display_name(info) else { return nil }
        return String(cString: name)
    }

    /// The MIME type a file name suggests (shared-mime-info's globs), then photopick's own
    /// extension table; nil when neither knows it.
    @Sendable public static func typeGuess(_ fileName: String) -> String? {
        var uncertain: gboolean = 0
        if let type = g_content_type_guess(fileName, nil, 0, &uncertain) {
            defer { g_free(type) }
            let text = String(cString: type)
            // A name alone is "uncertain" by GIO's measure; a known glob still names the type.
            if text != "application/octet-stream" { return text }
        }
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        return MediaTypeGuess.byExtension(String(fileName[fileName.index(after: dot)...]))
    }
}
