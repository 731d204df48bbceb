import CGtk
import Foundation
import PhotoPickCore
import PhotoPickOpen
import PhotoPickSystem

/// Runs one picking session in a GtkApplication and reports how it ended.
@MainActor
public final class PickerApplication {
    public enum Outcome: Sendable {
        case picked([Asset])
        case cancelled
        /// Copy mode: the window closed after Copy put files on the clipboard.
        case copied
        /// Browse Files…: the caller asks another chooser instead.
        case browse
    }

    public enum Failure: Error, CustomStringConvertible {
        case noDisplay
        public var description: String {
            tr("cannot open a display (is DISPLAY or WAYLAND_DISPLAY set?); use 'photopick list' without a display")
        }
    }

    public static let applicationID = "io.github.photopick.PhotoPick"

    private let configuration: PickerConfiguration
    /// The session and the chooser's controls, readable after `run` for the result.
    public private(set) var session: PickerSession?
    public private(set) var controls: ChooserControls?
    private var window: PickerWindow?
    /// The index's listing of the folders, read from launch on; the first open takes it.
    private var prefetch: IndexPrefetch?
    private var opening: LibraryOpening?
    private let settings = WindowSettings()
    private var outcome: Outcome = .cancelled
    private var app: Gtk.Application?

    /// Shown in the About window.
    private let version: String
    /// Exports the picks after Done when the options ask for it (the program injects it: the
    /// window only knows the protocol). Without one, the originals are handed back.
    public var exporter: (any AssetExporter)?
    /// After an export: what became of each pick. Nil when nothing was exported.
    public private(set) var exportReport: ExportReport?

    public init(configuration: PickerConfiguration, version: String = "") {
        self.configuration = configuration
        self.version = version
    }

    /// Opens the window and returns when the user is done with it.
    public func run() throws -> Outcome {
        Appearance.prepare()  // before any thread reads the environment, and before GTK
        WindowParenting.preferBackend(for: configuration.parentWindow)
        FreedMemory.mapLargeBlocksApart()
        // Index first: its listing is read while GTK starts.
        prefetch = configuration.roots.isEmpty ? nil : IndexPrefetch(roots: configuration.roots, restriction: configuration.restriction)
        guard Gtk.start() else { throw Failure.noDisplay }
        MainQueueBridge.install()
        StallProbe.install()  // with PHOTOPICK_TRACE=1 only
        // Every caller gets its own picker (no session bus needed); libadwaita starts with it.
        let app = Gtk.Application(id: Self.applicationID)
        self.app = app
        app.onActivate { [unowned self] in self.activate() }
        // SIGINT, SIGTERM and SIGHUP (a caller giving up, a closed terminal) cancel like the
        // Cancel button, so the response file still gets its answer.
        onUnixSignals([SIGINT, SIGTERM, SIGHUP]) { [weak self] in self?.finish(nil) }
        app.run()
        StallProbe.report()
        self.app = nil
        return outcome
    }

    private func activate() {
        guard window == nil, let app else { return }
        Stylesheet.load()
        AppIcon.install()
        Appearance.followDesktop()
        installActions(app)
        // Without --album, open on the album shown last time in this library (quietly: it
        // may be gone, and nobody asked for it).
        var configuration = self.configuration
        let askedForAlbum = configuration.initialAlbum != nil
        configuration.options = settings.values.options(for: configuration.roots).overriding(with: configuration.options)
        let session = PickerSession(configuration: configuration)
        let controls = ChooserControls(configuration: configuration)
        session.setNamedFilter(controls.activeFilter)
        self.controls = controls
        let window = PickerWindow(application: app, session: session, controls: controls, settings: settings.values)
        window.onFinish = { [unowned self] picked in self.finish(picked) }
        window.onBrowse = { [unowned self] in self.finish(nil, browse: true) }
        window.exporter = exporter
        window.onExported = { [unowned self] picked, report in
            self.exportReport = report
            self.finish(picked)
        }
        let opening = LibraryOpening(session: session, prefetch: prefetch, post: MainQueueBridge.post)
        prefetch = nil
        opening.onStep = { [unowned window] step in window.render(step) }
        window.onRescan = { [unowned opening] roots in opening.rescan(roots: roots) }
        window.onReady = { [unowned session] in
            Trace.mark("scan-finished")
            if askedForAlbum, let album = session.missingInitialAlbum {
                FileHandle.standardError.write(Data(("photopick: " + tr("warning: no album named '%s'; showing All Photos", album) + "\n").utf8))
            }
            // Missing files and files outside the folders were named when the options were read.
            for path in session.unmatchedPreselections
            where PathArgument.kind(of: path) == .file && session.roots.contains(where: { path.relative(to: $0) != nil }) {
                FileHandle.standardError.write(Data(("photopick: " + tr("warning: cannot preselect %s: it is not among the photos and videos shown", path.description) + "\n").utf8))
            }
            ReadySignal.announce()
        }
        self.session = session
        self.window = window
        self.opening = opening
        let handled = (appActions?.handled ?? []).union(window.actions.handled).union(window.grid.keyActions.handled)
        CommandCoverage.check(handled: handled,
                              exportChoice: session.exportSettings?.letsUserChoose == true)
        if ListingHoldForTests.enabled { window.grid.onFirstScreen { ListingHoldForTests.release() } }
        if let parent = configuration.parentWindow,
           let problem = WindowParenting.attach(window.window.widget, to: parent, modal: configuration.modal) {
            FileHandle.standardError.write(Data(("photopick: " + tr("warning: %s", problem) + "\n").utf8))
        }
        window.present()
        FrameSpans.install(on: window.window)  // with PHOTOPICK_TRACE=1 only
        Trace.mark("window-presented")
        opening.open()
    }

    /// The application's commands (`app.` in `Commands.all`) and every command's keys.
    private func installActions(_ app: Gtk.Application) {
        let actions = ActionMap(application: app)
        actions.add(.shortcuts) { [unowned self] in ShortcutsWindow.present(over: self.window?.window) }
        actions.add(.about) { [unowned self] in AboutWindow.present(over: self.window?.window, version: self.version) }
        // Quit is Cancel: with picks the user made, the window asks first.
        actions.add(.quit) { [unowned self] in
            if let window = self.window { window.cancelAsked() } else { self.finish(nil) }
        }
        appActions = actions
        Accelerators.register(on: app)
    }
    private var appActions: ActionMap?

    private func finish(_ picked: [Asset]?, browse: Bool = false) {
        window?.stopExport()
        if let window {
            VisibleText.dumpIfAsked(window.window)
            window.record(into: &settings.values)
            settings.save()
        }
        // Only Copy mode hands files over by copying; a chooser's caller still needs its answer.
        let copied = configuration.copyMode && (window?.copies ?? 0) > 0
        outcome = picked.map(Outcome.picked) ?? (browse ? .browse : copied ? .copied : .cancelled)
        // Hide rather than destroy: the Swift views stay alive as long as their widgets,
        // and the process ends right after the loop does.
        if let window { window.window.setVisible(false) }
        app?.quit()
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
