import PhotoPickSystem

/// Sets every command's accelerators on the application, from `Commands.all`. With tracing
/// on, each command's keys as GTK then holds them are one trace line ("accel win.undo
/// <Primary>z"), so a test can check the shortcuts window against what is really registered.
@MainActor
enum Accelerators {
    static func register(on app: Gtk.Application) {
        for command in Commands.all where !command.accels.isEmpty {
            app.setAccels(command.accels, for: command.action)
            guard Trace.isEnabled else { continue }
            let keys = app.accels(for: command.action).map(canonical)
            Trace.mark("accel \(command.action) \(keys.joined(separator: " "))")
        }
    }

    /// GTK's own spelling of an accelerator ("<Primary>plus" and "<Control>plus" are one key).
    static func canonical(_ accelerator: String) -> String { Gtk.acceleratorName(accelerator) ?? accelerator }

    /// The keypad's key for one the main keyboard has ("<Primary>KP_Add" for "<Primary>plus",
    /// ISO_Enter for Return): drawn the same in the shortcuts window, so listed once.
    nonisolated static func isKeypadTwin(_ accelerator: String) -> Bool {
        accelerator.contains("KP_") || accelerator.contains("ISO_Enter")
    }
}
