import CGtk
import PhotoPickCore

/// The header's Browse Files… ("win.browse-files"), shown for a portal request: the way out to
/// the desktop's own chooser, as Android's photo picker has Browse, for a file that is not a
/// photo here (a .psd, an icon) or lies outside the library. An icon that yields its place when
/// the header has no room for it (a 360 px window): the main menu's first item and Shift+Ctrl+O
/// stay.
@MainActor
enum BrowseFilesButton {
    static func make() -> Widget {
        let button = Gtk.Button(gtk_button_new_from_icon_name("document-open-symbolic"))
        button.actionable.setAction("win.browse-files")
        gtk_widget_set_tooltip_text(button.widget, tr("Browse Files… (Shift+Ctrl+O)"))
        pp_accessible_set_label(button.widget, tr("Browse Files…"))
        let squeezer = Adw.Squeezer()
        squeezer.setTransitionType(ADW_SQUEEZER_TRANSITION_TYPE_NONE)
        squeezer.setSwitchThresholdPolicy(ADW_FOLD_THRESHOLD_POLICY_MINIMUM)
        squeezer.add(button.widget)
        squeezer.add(Gtk.Box(GTK_ORIENTATION_HORIZONTAL).widget)  // nothing, when there is no room
        return squeezer.widget
    }
}
