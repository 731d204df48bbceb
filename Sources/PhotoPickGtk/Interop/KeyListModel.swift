import CGtk
import PhotoPickGLib

/// A GListModel implemented in Swift whose items are short string keys.
///
/// GtkStringList creates a GObject per string on every splice, which at 100,000 photos
/// is most of a second per update. This model holds plain Swift keys and makes an item
/// only when a list widget asks for one (the visible rows), and `update` tells the widget
/// only what changed, so scroll position and focus survive live updates.
@MainActor
final class KeyListModel {
    /// The GObject (a GListModel) to hand to GTK; this object keeps one reference.
    let object: OpaquePointer
    private let storage: KeyStorage

    init() {
        storage = KeyStorage()
        let instance = g_object_new_with_properties(KeyListModelType.type, 0, nil, nil)!
        object = OpaquePointer(instance)
        g_object_set_qdata_full(instance, KeyListModelType.storageQuark, Retained.pointer(storage), releaseBox)
    }

    var count: Int { storage.count }

    /// Replaces the keys, announcing the smallest single changed range (common prefix and
    /// suffix kept), which is all a list of newest-first photos usually needs.
    func update(_ keys: [String]) {
        guard case .keys(let old) = storage.items else {
            // Keyed by position until now: no key to compare, so every row is new.
            let removed = storage.count
            storage.items = .keys(keys)
            if removed > 0 || !keys.isEmpty { g_list_model_items_changed(object, 0, guint(removed), guint(keys.count)) }
            return
        }
        var prefix = 0
        let limit = min(old.count, keys.count)
        while prefix < limit && old[prefix] == keys[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < limit - prefix && old[old.count - 1 - suffix] == keys[keys.count - 1 - suffix] { suffix += 1 }
        let removed = old.count - prefix - suffix, added = keys.count - prefix - suffix
        storage.items = .keys(keys)
        guard removed > 0 || added > 0 else { return }
        g_list_model_items_changed(object, guint(prefix), guint(removed), guint(added))
    }

    /// For a list that finds its own changes (the grid's rows, at a million photos too many
    /// to key one by one): `count` rows now, of which `added` at `start` replace `removed`.
    /// Items then carry their position as their key.
    func update(count: Int, start: Int, removed: Int, added: Int) {
        storage.items = .positions(count)
        guard removed > 0 || added > 0 else { return }
        g_list_model_items_changed(object, guint(start), guint(removed), guint(added))
    }

    static func key(of item: UnsafeMutableRawPointer?) -> String? {
        guard let item, pp_is_string_object(item) != 0,
              let s = gtk_string_object_get_string(OpaquePointer(item)) else { return nil }
        return String(cString: s)
    }
}

/// The keys, reachable from the GObject through qdata (released with it).
final class KeyStorage {
    /// A key per row, or only how many rows (each then keyed by its position).
    enum Items {
        case keys([String])
        case positions(Int)
    }
    var items = Items.keys([])

    var count: Int {
        switch items {
        case .keys(let keys): return keys.count
        case .positions(let count): return count
        }
    }

    /// The item at `position`: its key, or its position when the list keeps no keys.
    func key(at position: Int) -> String {
        if case .keys(let keys) = items { return keys[position] }
        return String(position)
    }
}

/// The GType "PhotopickKeyListModel": a GObject implementing GListModel in Swift.
enum KeyListModelType {
    static let storageQuark = g_quark_from_static_string("photopick-key-storage")

    static let type: GType = {
        let type = g_type_register_static_simple(
            pp_type_object(), "PhotopickKeyListModel",
            guint(MemoryLayout<GObjectClass>.size), nil,
            guint(MemoryLayout<GObject>.size), nil, GTypeFlags(rawValue: 0))
        var info = GInterfaceInfo(interface_init: { iface, _ in
            let list = iface!.assumingMemoryBound(to: GListModelInterface.self)
            list.pointee.get_item_type = { _ in gtk_string_object_get_type() }
            list.pointee.get_n_items = { model in guint(storage(model).count) }
            list.pointee.get_item = { model, position in
                let storage = storage(model)
                guard Int(position) < storage.count else { return nil }
                return UnsafeMutableRawPointer(gtk_string_object_new(storage.key(at: Int(position))))
            }
        }, interface_finalize: nil, interface_data: nil)
        g_type_add_interface_static(type, g_list_model_get_type(), &info)
        return type
    }()

    private static func storage(_ model: OpaquePointer?) -> KeyStorage {
        let data = g_object_get_qdata(UnsafeMutableRawPointer(model!).assumingMemoryBound(to: GObject.self), storageQuark)!
        return Retained.object(data, as: KeyStorage.self)!
    }
}
