import CGtk
import Foundation

/// A GtkDropDown over fixed strings (GTK 4.0 API), reporting the selected index.
@MainActor
enum DropDown {
    static func make(_ items: [String], selected: Int, onSelect: @escaping @MainActor (Int) -> Void) -> Widget {
        var strings: [UnsafePointer<CChar>?] = items.map { UnsafePointer(strdup($0)) } + [nil]
        defer { strings.dropLast().forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        let dropDown = strings.withUnsafeMutableBufferPointer { gtk_drop_down_new_from_strings($0.baseAddress) }!
        gtk_drop_down_set_selected(cast(dropDown), guint(max(0, selected)))
        onPointerSignal(raw(dropDown), "notify::selected") { _ in
            let index = gtk_drop_down_get_selected(cast(dropDown))
            if index != guint(GTK_INVALID_LIST_POSITION) { onSelect(Int(index)) }
        }
        return dropDown
    }
}
