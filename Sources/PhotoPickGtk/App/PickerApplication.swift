import CGtk
import Foundation
import PhotoPickCore

/// Runs one picking session in a GtkApplication and reports how it ended.
@MainActor
public final class PickerApplication {
    public enum Outcome: Sendable {
        case picked([Asset])
        case cancelled
    }

    public enum Failure: Error, CustomStringConvertible {
        case noDisplay
        public var description: String {
            "cannot open a display (is DISPLAY or WAYLAND_DISPLAY set?); use 'photopick list' without a display"
        }
    }

    public static let applicationID = "io.github.photopick.PhotoPick"

    private let configuration: PickerConfiguration
    private var session: PickerSession?
    private var window: PickerWindow?
    private var outcome: Outcome = .cancelled
    private var app: UnsafeMutablePointer<GtkApplication>?

    public init(configuration: PickerConfiguration) {
        self.configuration = configuration
    }

    /// Opens the window and returns when the user is done with it.
    public func run() throws -> Outcome {
        guard gtk_init_check() != 0 else { throw Failure.noDisplay }
        MainQueueBridge.install()
        // NON_UNIQUE: every caller gets its own picker, and no session bus is needed.
        let app = gtk_application_new(Self.applicationID, G_APPLICATION_NON_UNIQUE)!
        self.app = app
        onSignal(raw(app), "activate") { [unowned self] in self.activate() }
        g_application_run(app.withMemoryRebound(to: GApplication.self, capacity: 1) { $0 }, 0, nil)
        g_object_unref(raw(app))
        return outcome
    }

    private func activate() {
        guard window == nil, let app else { return }
        Stylesheet.load()
        let session = PickerSession(configuration: configuration)
        let window = PickerWindow(application: app, session: session)
        window.onFinish = { [unowned self] picked in self.finish(picked) }
        window.onReady = {
            Trace.mark("scan-finished")
            ReadySignal.announce()
        }
        self.session = session
        self.window = window
        window.present()
        Trace.mark("window-presented")
        BackgroundScan.start(roots: configuration.roots,
                             onBatch: { [weak session] in session?.addScanned($0) },
                             onFinish: { [weak session] in session?.finishScan(problems: $0) })
    }

    private func finish(_ picked: [Asset]?) {
        outcome = picked.map(Outcome.picked) ?? .cancelled
        // Hide rather than destroy: the Swift views stay alive as long as their widgets,
        // and the process ends right after the loop does.
        if let window { gtk_widget_set_visible(window.window, 0) }
        if let app { g_application_quit(raw(app).assumingMemoryBound(to: GApplication.self)) }
    }
}

/// Tells a waiting test (or timing script) that the first full view is on screen,
/// by creating the file named in `PHOTOPICK_READY_FILE`.
enum ReadySignal {
    static func announce() {
        guard let path = ProcessInfo.processInfo.environment["PHOTOPICK_READY_FILE"], !path.isEmpty else { return }
        _ = FileManager.default.createFile(atPath: path, contents: Data())
    }
}
