import PhotoPickSystem
import CGio

/// `org.freedesktop.impl.portal.FileChooser` at `/org/freedesktop/portal/desktop`: each
/// call is checked, routed (photopick's window or the delegate) and answered on its own,
/// so several requests run at once.
@MainActor
public final class PortalBackend {
    private let connection: BusConnection
    private let environment: BackendEnvironment
    private let folder: RuntimeFolder
    /// Requests in progress, by handle, with the job that answers each and who asked.
    private var active: [String: (request: PortalRequest, job: AnyObject?, caller: String)] = [:]
    /// Windows one app may have open at once: more are answered 2 (one app asking a hundred
    /// times opened a hundred windows, 3.5 GB).
    static let windowsPerCaller = 4
    /// Windows of all apps together: an unsandboxed program can be many callers (a bus
    /// connection each), and a direct caller can name any app id.
    static let windows = 8
    /// What a request's bounds changed, at most this many in its one journal line.
    static let notesShown = 3
    private var counter = 0
    private var registration: guint = 0
    private var stopped: (@MainActor () -> Void)?

    public init(connection: BusConnection, environment: BackendEnvironment, folder: RuntimeFolder) {
        self.connection = connection
        self.environment = environment
        self.folder = folder
    }

    public func export() throws(BusError) {
        registration = try BusObjects.register(connection, path: DelegateJob.portalPath, interface: Introspection.fileChooser) {
            [weak self] call in self?.handle(call)
        }.get()
    }

    private func handle(_ invocation: MethodInvocation) {
        guard let method = FileChooserCall.Method(rawValue: invocation.method) else {
            invocation.fail("org.freedesktop.DBus.Error.UnknownMethod", "no method \(invocation.method)")
            return
        }
        counter += 1
        let number = counter
        let handle = invocation.parameters.count > 0 && invocation.parameters.child(0).typeString == "o"
            ? invocation.parameters.child(0).string : "?"
        let label = "#\(number) \(method.rawValue) from \(invocation.sender)"
        // The app behind the frontend: its app id (the frontend sets it for sandboxed apps,
        // which cannot forge it), else the bus name in its request handle.
        let appName = BusConnection.callerName(inHandle: handle) ?? invocation.sender
        let call: FileChooserCall
        do {
            call = try OptionsDecoder.decode(method: method, parameters: invocation.parameters)
        } catch {
            Log.line("\(label) is malformed: \(LogText.value("\(error)", limit: 300)); answered 2")
            invocation.reply(ResultsEncoder.reply(.ended))
            return
        }
        guard active[handle] == nil else {
            Log.line("\(label): a request at \(handle) is already open; answered 2")
            invocation.reply(ResultsEncoder.reply(.ended))
            return
        }
        let caller = call.appID.isEmpty ? appName : call.appID
        let appLabel = call.appID.isEmpty ? label : "\(label) (\(LogText.value(call.appID, limit: 80)))"
        let request = PortalRequest(invocation, handle: handle, connection: connection, label: appLabel)
        do {
            try request.export()
        } catch {
            Log.line("\(appLabel): cannot export the Request at \(handle): \(error); answered 2")
            request.answer(.ended)
            return
        }
        active[handle] = (request, nil, caller)
        request.finished = { [weak self] in self?.finished(handle) }

        let settings = PortalSettingsFile.load(environment)
        // Bounded first: the routing reads the same filters the window will get.
        // One journal line per request for what the bounds changed, whatever the request holds.
        var notes: [String] = []
        let bounded = RequestBounds().apply(call) { notes.append($0) }
        if !notes.isEmpty {
            let more = notes.count > Self.notesShown ? "; and \(notes.count - Self.notesShown) more" : ""
            Log.line("\(appLabel): " + notes.prefix(Self.notesShown).joined(separator: "; ") + more)
        }
        switch RequestRouting(takes: settings.takes, media: MediaFilters(guess: Desktop.typeGuess)).route(bounded.call) {
        case .picker:
            if let full = windowLimitReached(for: caller) {
                Log.line("\(appLabel): \(full) are open already; answered 2")
                request.answer(.ended)
                return
            }
            let job = PickerJob(request, call: call, bounded: bounded, environment: environment, folder: folder, number: number)
            job.browse = { [weak self] in
                self?.delegate(request, handle: handle, method: method, parameters: invocation.parameters, settings: settings, number: number)
            }
            active[handle]?.job = job
            job.start()
        case .delegate(let reason):
            Log.line("\(appLabel): not for photopick: \(reason)")
            delegate(request, handle: handle, method: method, parameters: invocation.parameters, settings: settings, number: number)
        }
    }

    /// Which cap another window for `caller` would pass, said for the log; nil when none.
    private func windowLimitReached(for caller: String) -> String? {
        let open = active.values.filter { $0.job is PickerJob }
        let theirs = open.filter { $0.caller == caller }.count
        if theirs >= Self.windowsPerCaller { return "\(theirs) photopick windows of this app" }
        if open.count >= Self.windows { return "\(open.count) photopick windows" }
        return nil
    }

    /// The call, unchanged, to the desktop's own chooser (also after Browse Files…).
    private func delegate(_ request: PortalRequest, handle: String, method: FileChooserCall.Method, parameters: Variant,
                          settings: PortalSettings, number: Int) {
        let job = DelegateJob(request, method: method.rawValue, parameters: parameters, connection: connection,
                              delegate: PortalFiles.delegate(environment, settings: settings), number: number)
        active[handle]?.job = job
        job.start()
    }

    private func finished(_ handle: String) {
        active[handle] = nil
        if active.isEmpty, let stopped {
            self.stopped = nil
            stopped()
        }
    }

    /// Closes every open request (their windows too), then calls `done`.
    public func stop(_ done: @escaping @MainActor () -> Void) {
        if registration != 0 { BusObjects.unregister(connection, registration) }
        registration = 0
        guard !active.isEmpty else {
            folder.remove()
            done()
            return
        }
        var once: (@MainActor () -> Void)? = { [folder] in
            folder.remove()
            done()
        }
        stopped = { once?(); once = nil }
        for (request, _, _) in active.values { request.close(because: "the backend is stopping") }
        // A window that ignores SIGTERM is killed after the grace period; stop in any case.
        MainLoop.after(seconds: PickerJob.closeGrace + 2) { [weak self] in self?.stopped?() }
    }
}
