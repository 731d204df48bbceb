import CGtk
import PhotoPickCore

/// The header bar's main menu (F10): a GMenu naming actions, as GNOME applications have it.
@MainActor
enum PrimaryMenu {
    static func button() -> Widget {
        let view = Gio.Menu()
        view.append(tr("Show Albums"), action: "win.toggle-sidebar")
        view.append(tr("Larger Thumbnails"), action: "win.zoom-in")
        view.append(tr("Smaller Thumbnails"), action: "win.zoom-out")
        view.append(tr("Scan Folders Again"), action: "win.reload")
        let app = Gio.Menu()
        app.append(tr("_Keyboard Shortcuts"), action: "app.shortcuts")
        app.append(tr("_About photopick"), action: "app.about")
        let menu = Gio.Menu()
        menu.appendSection(view)
        menu.appendSection(app)
        let button = Gtk.MenuButton()
        button.setIconName("open-menu-symbolic")
        button.setMenu(menu)
        button.setPrimary(true)
        gtk_widget_set_tooltip_text(button.widget, tr("Main Menu"))
        pp_accessible_set_label(button.widget, tr("Main menu"))
        return button.widget
    }
}
