import CGio
import Foundation
import PhotoPickPortal
import PhotoPickSystem

// photopick-portal: the xdg-desktop-portal FileChooser backend that answers photo and
// video requests with photopick's window and hands the rest to another backend.
// D-Bus starts it (org.freedesktop.impl.portal.desktop.photopick.service).

SystemHost.install()
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.contains("-h") {
    print("""
        usage: photopick-portal [--replace]

        The xdg-desktop-portal FileChooser backend of photopick (org.freedesktop.impl.portal.desktop.photopick).
        D-Bus starts it when xdg-desktop-portal needs it; see "Use photopick as your desktop's photo chooser"
        in photopick's README. --replace takes the bus name from a running instance.
        """)
    exit(0)
}
if let unknown = arguments.first(where: { $0 != "--replace" }) {
    Log.line("unknown option \(unknown) (see --help)")
    exit(2)
}

GettextTranslation.install()
let environment = BackendEnvironment()
// Before the bus: a backend that cannot keep requests private does not offer to take any.
let folder: RuntimeFolder
do {
    folder = try RuntimeFolder(base: environment.runtimeDirectory)
    try folder.prepare()
} catch {
    Log.line("cannot start: \(error)")
    exit(1)
}
let loop = g_main_loop_new(nil, 0)
var backend: PortalBackend?

BusName.own(DelegateChoice.ownBusName, replace: arguments.contains("--replace"), .init(connected: { connection in
    let service = PortalBackend(connection: connection, environment: environment, folder: folder)
    do {
        try service.export()
    } catch {
        Log.line("cannot export \(Introspection.fileChooserName): \(error)")
        exit(1)
    }
    backend = service
}, lost: { owned in
    Log.line(owned ? "lost the bus name; stopping" : "cannot own \(DelegateChoice.ownBusName) (is another instance running?)")
    guard let service = backend else { exit(1) }
    service.stop { exit(owned ? 0 : 1) }
}))

for signal in [SIGTERM, SIGINT, SIGHUP] {
    MainLoop.onSignal(signal) {
        guard let service = backend else { exit(0) }
        service.stop { exit(0) }
    }
}

g_main_loop_run(loop)
