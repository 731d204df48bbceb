import CGtk

/// GLib's NULL-terminated string vectors (`const char * const *`, `GStrv`), both ways.

/// Calls `body` with `strings` as a NULL-terminated vector of C strings that lives for the
/// call; GTK copies what it keeps.
func withStringVector<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { g_strdup($0) }
    defer { copies.forEach { g_free($0) } }
    return (copies.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// A vector GTK gave away (`GStrv`), read and then freed with `g_strfreev`.
func takeStringVector(_ vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String] {
    guard let vector else { return [] }
    defer { g_strfreev(vector) }
    var strings: [String] = []
    var i = 0
    while let string = vector[i] {
        strings.append(String(cString: string))
        i += 1
    }
    return strings
}
