import CGtk
import PhotoPickCore

/// The header bar's main menu (F10): a GMenu naming actions, as GNOME applications have it.
@MainActor
enum PrimaryMenu {
    /// `browse`: Browse Files… heads the menu (a portal request, which another chooser can take).
    static func button(browse: Bool = false) -> Gtk.MenuButton {
        let files = Gio.Menu()
        // TRANSLATORS: hands the request to the desktop's usual file chooser, as Android's photo picker's Browse.
        files.append(tr("_Browse Files…"), action: .browseFiles)
        let view = Gio.Menu()
        view.append(tr("Show Albums"), action: .toggleSidebar)
        view.append(tr("Larger Thumbnails"), action: .zoomIn)
        view.append(tr("Smaller Thumbnails"), action: .zoomOut)
        view.append(tr("Scan Folders Again"), action: .reload)
        let app = Gio.Menu()
        app.append(tr("_Keyboard Shortcuts"), action: .shortcuts)
        app.append(tr("_About photopick"), action: .about)
        let menu = Gio.Menu()
        if browse { menu.appendSection(files) }
        menu.appendSection(view)
        menu.appendSection(app)
        let button = Gtk.MenuButton()
        button.setIconName("open-menu-symbolic")
        button.setMenu(menu)
        button.setPrimary(true)
        button.setTooltip(tr("Main Menu"))
        pp_accessible_set_label(button.widget, tr("Main menu"))
        return button
    }
}
