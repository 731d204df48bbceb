import CGtk
import PhotoPickCore

/// Browse Files… ("win.browse-files") at the end of the bar below the grid, shown for a
/// portal request: the way out to the desktop's own chooser, as Android's photo picker has
/// Browse, for a file that is not a photo here (a .psd, an icon) or lies outside the library.
/// Not in the header: there a long caller's title (Firefox puts the page's in it) would squeeze
/// it away first. The words when they fit, else a folder icon (a 360 px window), as Cancel does.
@MainActor
enum BrowseFilesButton {
    static func make() -> Gtk.AnyWidget {
        let text = Gtk.Button(mnemonic: tr("_Browse Files…"))
        let icon = Gtk.Button(iconName: "document-open-symbolic")
        pp_accessible_set_label(icon.widget, tr("Browse Files…"))
        for button in [text, icon] {
            button.actionable.setAction(.browseFiles)
            addClass(button, "flat")
            button.setTooltip(tr("Browse Files… (Shift+Ctrl+O)"))
            button.setVAlign(GTK_ALIGN_CENTER)
        }
        return FirstFitBox.make([text, icon])  // asks for the words' width, so they come back when there is room
    }
}
