import CGtk
import Glibc

/// Under `g_application_run` the GLib loop owns the main thread, so Swift's main queue
/// (and with it `@MainActor` tasks and `DispatchQueue.main`) only runs if the loop drains
/// it. libdispatch signals pending main-queue work on an eventfd; watch it from GLib.
enum MainQueueBridge {
    nonisolated(unsafe) private static var installed = false

    static func install() {
        guard !installed else { return }
        installed = true
        let fd = _dispatch_get_main_queue_handle_4CF()
        g_unix_fd_add(fd, G_IO_IN, { fd, _, _ in
            var value: UInt64 = 0
            _ = read(fd, &value, MemoryLayout<UInt64>.size)
            _dispatch_main_queue_callback_4CF(nil)
            return 1  // G_SOURCE_CONTINUE
        }, nil)
    }
}
