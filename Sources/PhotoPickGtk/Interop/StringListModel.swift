import CGtk

/// A GtkStringList used as the item model of a list widget: each item is a short key
/// the view maps back to its own data, so the model stays small at 100,000 items.
@MainActor
final class StringListModel {
    let list: OpaquePointer
    private(set) var count = 0

    init() {
        list = gtk_string_list_new(nil)
    }

    /// Replaces every item in one `items-changed` emission.
    func replaceAll(with keys: [String]) {
        Self.withCStringArray(keys) { gtk_string_list_splice(list, 0, guint(count), $0) }
        count = keys.count
    }

    static func key(of item: UnsafeMutableRawPointer?) -> String? {
        guard let item, pp_is_string_object(item) != 0,
              let s = gtk_string_object_get_string(OpaquePointer(item)) else { return nil }
        return String(cString: s)
    }

    /// Builds a NULL-terminated `char**` over one buffer for the duration of `body`.
    private static func withCStringArray<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        var buffer: [CChar] = []
        var offsets: [Int] = []
        for s in strings {
            offsets.append(buffer.count)
            buffer.append(contentsOf: s.utf8CString)
        }
        return buffer.withUnsafeBufferPointer { base in
            var pointers: [UnsafePointer<CChar>?] = offsets.map { base.baseAddress! + $0 }
            pointers.append(nil)
            return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
        }
    }
}
