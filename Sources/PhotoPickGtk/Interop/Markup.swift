import CGtk

/// `text` escaped for a label that reads Pango markup: libadwaita 1.2's toast titles and
/// status page descriptions always do, and a file name may hold "&" or "<".
func markupEscaped(_ text: String) -> String {
    guard let escaped = g_markup_escape_text(text, -1) else { return text }
    defer { g_free(escaped) }
    return String(cString: escaped)
}
