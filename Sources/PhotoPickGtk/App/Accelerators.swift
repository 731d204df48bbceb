import CGtk
import Foundation

/// Sets every command's accelerators on the application, from `Commands.all`. With tracing
/// on, each command's keys as GTK then holds them are one trace line ("accel win.undo
/// <Primary>z"), so a test can check the shortcuts window against what is really registered.
@MainActor
enum Accelerators {
    static func register(on app: UnsafeMutablePointer<GtkApplication>) {
        for command in Commands.all where !command.accels.isEmpty {
            var strings: [UnsafePointer<CChar>?] = command.accels.map { UnsafePointer(strdup($0)) }
            strings.append(nil)
            gtk_application_set_accels_for_action(app, command.action, &strings)
            for s in strings { free(UnsafeMutableRawPointer(mutating: s)) }
            guard Trace.isEnabled, let held = gtk_application_get_accels_for_action(app, command.action) else { continue }
            var keys: [String] = []
            var i = 0
            while let s = held[i] { keys.append(canonical(String(cString: s))); i += 1 }
            g_strfreev(held)
            Trace.mark("accel \(command.action) \(keys.joined(separator: " "))")
        }
    }

    /// GTK's own spelling of an accelerator ("<Primary>plus" and "<Control>plus" are one key).
    static func canonical(_ accelerator: String) -> String {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0, let name = gtk_accelerator_name(key, modifiers) else {
            return accelerator
        }
        defer { g_free(name) }
        return String(cString: name)
    }
}
