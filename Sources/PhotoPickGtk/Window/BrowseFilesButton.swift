import CGtk
import PhotoPickCore

/// The header's Browse Files… ("win.browse-files"), shown for a portal request: the way out to
/// the desktop's own chooser, as Android's photo picker has Browse, for a file that is not a
/// photo here (a .psd, an icon) or lies outside the library. An icon, so a 360 px header keeps room.
@MainActor
enum BrowseFilesButton {
    static func make() -> Widget {
        let button = Gtk.Button(gtk_button_new_from_icon_name("document-open-symbolic"))
        button.actionable.setAction("win.browse-files")
        gtk_widget_set_tooltip_text(button.widget, tr("Browse Files… (Shift+Ctrl+O)"))
        pp_accessible_set_label(button.widget, tr("Browse Files…"))
        return button.widget
    }
}
