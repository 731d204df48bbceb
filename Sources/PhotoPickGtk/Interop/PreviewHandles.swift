import CGtk

/// What the preview and the picker window ask of their widgets beyond the shared handles:
/// a label that breaks a file name only between its parts, a cursor, the window a widget
/// is in, focus moved into a container, and what kind a focused widget is.

extension Gtk.Label {
    /// Wraps without the hyphen Pango (1.44+) adds where it breaks inside a word
    /// ("IMG_0001.h-eif" reads as another name), and never inside `unbreakable` (byte ranges
    /// of the text, from `NameBreaks`).
    func setBreaksWithoutHyphens(keeping unbreakable: [Range<Int>] = []) {
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
        for run in unbreakable {
            guard let keep = pango_attr_allow_breaks_new(0) else { continue }
            keep.pointee.start_index = guint(run.lowerBound)
            keep.pointee.end_index = guint(run.upperBound)
            pango_attr_list_insert(attributes, keep)
        }
        setAttributes(attributes)
        pango_attr_list_unref(attributes)
    }
}

extension Gtk.CheckButton {
    /// A check button whose label has a mnemonic ("_Selected": Alt+S).
    init(mnemonic: String) { self.init(gtk_check_button_new_with_mnemonic(mnemonic)) }
}

extension Gtk.Fixed {
    init() { self.init(gtk_fixed_new()) }
}

extension WidgetHandle {
    /// Its tooltip, or none when nil (Done's, which says why it is unavailable).
    func setTooltip(_ text: String?) { gtk_widget_set_tooltip_text(widget, text) }

    /// The pointer's shape over it, by the theme's name ("grab"); nil for its parent's.
    func setCursor(named name: String?) { gtk_widget_set_cursor_from_name(widget, name) }

    /// The window it is in, nil while it is in none.
    var toplevel: Gtk.AnyWidget? { gtk_widget_get_root(widget).map { Gtk.AnyWidget(PhotoPickGtk.widget($0)) } }

    /// Moves the keyboard focus into it, to the first descendant that takes it going forward;
    /// false when none does.
    @discardableResult
    func focusFirstChild() -> Bool { gtk_widget_child_focus(widget, GTK_DIR_TAB_FORWARD) != 0 }

    /// A GtkButton or a kind of one (toggle, menu button's inner button…).
    var isButton: Bool { GObjectValues.isA(widget, gtk_button_get_type()) }

    /// It as a label when it is exactly a GtkLabel (not a subclass), else nil.
    var asExactLabel: Gtk.Label? { isExactly("GtkLabel") ? Gtk.Label(widget) : nil }

    /// A row of a shortcuts window (GtkShortcutsShortcut).
    var isShortcutsShortcut: Bool { GObjectValues.isA(widget, gtk_shortcuts_shortcut_get_type()) }
}
