import CGtk

/// The header bar's title with a subtitle below it (the folders shown, or the scan's
/// progress), as GTK 4.8 header bars have no subtitle of their own.
///
/// A caller's title can be any length: both lines ellipsize, and ask for no more width than
/// `maxWidthChars` (a label's natural width is its whole text, which would push Cancel and
/// Add off the screen); a title past `maxCharacters` is cut before Pango lays it out (Pango
/// measures in 1/1024 px in an int: a 400,000-character line overflows it).
@MainActor
final class WindowTitle {
    static let maxWidthChars: Int32 = 36
    static let maxCharacters = 1_000

    private let box = Gtk.Box(GTK_ORIENTATION_VERTICAL)
    var root: Gtk.Box { box }
    private let subtitle: Gtk.Label

    /// `title` as it can be shown: cut after `maxCharacters` characters, with an ellipsis.
    static func shown(_ title: String) -> String {
        var cut = title.prefix(maxCharacters + 1)
        guard cut.count > maxCharacters else { return title }
        cut.removeLast()
        return String(cut) + "…"
    }

    init(_ title: String) {
        box.setVAlign(GTK_ALIGN_CENTER)
        addClass(box, "window-title")
        let t = Gtk.Label(Self.shown(title), classes: ["title"])
        subtitle = Gtk.Label("", classes: ["subtitle", "numeric"])
        for l in [t, subtitle] {
            l.setEllipsize(PANGO_ELLIPSIZE_END)
            l.setSingleLineMode(true)
            l.setMaxWidthChars(Self.maxWidthChars)
            box.append(l)
        }
        subtitle.setVisible(false)
    }

    func setSubtitle(_ text: String) {
        subtitle.setText(text)
        subtitle.setVisible(!text.isEmpty)
    }
}
