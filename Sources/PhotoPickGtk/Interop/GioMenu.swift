import CGtk

enum Gio {
    /// A GMenu model: items naming actions ("win.zoom-in"), and sections. The Swift value owns
    /// one reference; a menu button or a parent menu takes its own.
    @MainActor
    final class Menu {
        private let menu: ObjectRef

        init() { menu = ObjectRef(adopting: g_menu_new()) }

        func append(_ label: String, action: CommandName) { g_menu_append(menu.pointer, label, action.action) }

        /// An item that activates a stateful string action with `target`: a popover menu draws
        /// it as a radio item, on while the action's state is `target`.
        func append(_ label: String, action: CommandName, target: String) {
            let item = ObjectRef(adopting: g_menu_item_new(label, nil))
            g_menu_item_set_action_and_target_value(item.pointer, action.action, g_variant_new_string(target))
            g_menu_append_item(menu.pointer, item.pointer)
        }

        /// A section, under `label` when given.
        func appendSection(_ section: Menu, label: String? = nil) { g_menu_append_section(menu.pointer, label, section.model) }

        var model: UnsafeMutablePointer<GMenuModel> { raw(menu.pointer).assumingMemoryBound(to: GMenuModel.self) }
    }
}
