import CGtk
import PhotoPickCore

/// The header bar's main menu (F10): a GMenu naming actions, as GNOME applications have it.
@MainActor
enum PrimaryMenu {
    static func button() -> Widget {
        let menu = g_menu_new()!
        let view = g_menu_new()!
        g_menu_append(view, tr("Show Albums"), "win.toggle-sidebar")
        g_menu_append(view, tr("Larger Thumbnails"), "win.zoom-in")
        g_menu_append(view, tr("Smaller Thumbnails"), "win.zoom-out")
        g_menu_append(view, tr("Scan Folders Again"), "win.reload")
        let app = g_menu_new()!
        g_menu_append(app, tr("_Keyboard Shortcuts"), "app.shortcuts")
        g_menu_append(app, tr("_About photopick"), "app.about")
        g_menu_append_section(menu, nil, model(view))
        g_menu_append_section(menu, nil, model(app))
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(cast(button), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(cast(button), model(menu))
        gtk_menu_button_set_primary(cast(button), 1)
        gtk_widget_set_tooltip_text(button, tr("Main Menu"))
        pp_accessible_set_label(button, tr("Main menu"))
        for m in [view, app, menu] { g_object_unref(UnsafeMutableRawPointer(m)) }
        return button
    }

    private static func model(_ menu: OpaquePointer) -> UnsafeMutablePointer<GMenuModel> {
        UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self)
    }
}
