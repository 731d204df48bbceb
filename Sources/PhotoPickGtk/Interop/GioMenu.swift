import CGtk

enum Gio {
    /// A GMenu model: items naming actions ("win.zoom-in"), and sections. The Swift value owns
    /// one reference; a menu button or a parent menu takes its own.
    @MainActor
    final class Menu {
        private let menu: ObjectRef

        init() { menu = ObjectRef(adopting: g_menu_new()) }

        func append(_ label: String, action: String) { g_menu_append(menu.pointer, label, action) }
        func appendSection(_ section: Menu) { g_menu_append_section(menu.pointer, nil, section.model) }

        var model: UnsafeMutablePointer<GMenuModel> { raw(menu.pointer).assumingMemoryBound(to: GMenuModel.self) }
    }
}
