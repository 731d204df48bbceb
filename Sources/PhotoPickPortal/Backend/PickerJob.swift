import CGio
import Foundation
import PhotoPickCore
import PhotoPickSystem

/// An OpenFile answered by photopick's window: the call becomes a request file in the
/// private folder, `photopick --request … --response …` runs (without a shell), and its
/// response file becomes the answer. Every request has its own process and window.
@MainActor
final class PickerJob {
    /// How long a window asked to close may take before it is killed.
    static let closeGrace: UInt32 = 5

    private let request: PortalRequest
    /// The call as the app made it (the answer's filter and choices are named as it sent them)…
    private let call: FileChooserCall
    /// …and as photopick may take it.
    private let bounded: RequestBounds.Bounded
    private let environment: BackendEnvironment
    private let folder: RuntimeFolder
    private let number: Int
    private var process: ChildProcess?
    private var killTimer: guint = 0
    private var files: RequestFiles?
    /// Called instead of answering when the user chose Browse Files…: the same call goes to the delegate.
    var browse: (@MainActor () -> Void)?

    init(_ request: PortalRequest, call: FileChooserCall, bounded: RequestBounds.Bounded, environment: BackendEnvironment,
         folder: RuntimeFolder, number: Int) {
        self.request = request
        self.call = call
        self.bounded = bounded
        self.environment = environment
        self.folder = folder
        self.number = number
    }

    func start() {
        do {
            try launch()
        } catch {
            Log.line("\(request.label): \(error); answered 2")
            cleanUp()
            request.answer(.ended)
        }
    }

    private func launch() throws {
        guard let photopick = PickerLocator.find(environment) else {
            throw BackendFailure("photopick is not installed beside photopick-portal nor on PATH")
        }
        let files = RequestFiles(folder: try folder.path(), number: number)
        self.files = files
        let title = CallerTitle.make(title: bounded.call.title, appID: call.appID, appName: Desktop.applicationName(call.appID),
                                     filters: bounded.call.options.filters + (bounded.call.options.currentFilter.map { [$0] } ?? []))
        let bytes = PortalRequestFile.bytes(for: bounded.call.options, title: title, currentFolder: usableFolder(),
                                            parentWindow: bounded.parentWindow, browse: true)
        guard bytes.count <= RequestParser.maximumBytes else {
            throw BackendFailure("the request file would be \(bytes.count) bytes, more than photopick reads")
        }
        unlink(files.response)  // a number is used once per backend; nothing may stand there
        do {
            try AtomicFile.write(bytes, to: RawPath(files.request))
        } catch {
            throw BackendFailure("cannot write the request file: \(error)")
        }
        let process: ChildProcess
        do {
            let label = request.label
            process = try ChildProcess(PickerCommandLine.argv(program: photopick, files: files), diesWithParent: true) { line in
                Log.line("\(label): " + LogText.value(String(decoding: line, as: UTF8.self), limit: 500))
            }
        } catch {
            throw BackendFailure("cannot start \(photopick): \(error)")
        }
        self.process = process
        Log.line("\(request.label): photopick window, process \(process.pid)")
        request.endInteraction = { [weak self] in self?.terminate() }
        process.wait { [weak self] exit in self?.exited(exit) }
    }

    /// The caller's folder when it is an absolute path to a folder; else none (photopick
    /// then opens Pictures and Videos) rather than an error for a folder that went away.
    private func usableFolder() -> [UInt8]? {
        guard let folder = call.options.currentFolder, !folder.isEmpty else { return nil }
        let path = RawPath(bytes: folder)
        guard folder.first == UInt8(ascii: "/"), PathArgument.kind(of: path) == .directory else {
            Log.line("\(request.label): current_folder \(LogText.value(path.description)) is not a folder; opening the default folders")
            return nil
        }
        return folder
    }

    /// SIGTERM: photopick cancels and answers; SIGKILL if it has not gone after a grace period.
    private func terminate() {
        process?.signal(SIGTERM)
        killTimer = MainLoop.after(seconds: Self.closeGrace) { [weak self] in
            self?.killTimer = 0  // fired: nothing to cancel any more
            guard let self, let process = self.process, !process.exited else { return }
            Log.line("\(self.request.label): photopick did not stop on SIGTERM; killing it")
            process.signal(SIGKILL)
        }
    }

    private func exited(_ exit: ChildProcess.Exit) {
        MainLoop.cancel(killTimer)
        killTimer = 0
        let answer = request.closing ? nil : answer(after: exit)
        cleanUp()
        if let answer, answer.browse, let browse {
            Log.line("\(request.label): the user chose Browse Files…")
            browse()
            return
        }
        let results = answer?.results ?? .ended
        Log.line("\(request.label): answered \(results.response.rawValue)"
                 + (results.response == .success ? " with \(results.uris.count) file(s)" : ""))
        request.answer(results)
    }

    /// photopick's answer, read only from a regular file of this user's in the private folder.
    private func answer(after exit: ChildProcess.Exit) -> PortalResponseFile.Answer? {
        guard let files else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try PrivateFolder.readOwnedFile(RawPath(files.response), limit: PortalResponseFile.maximumBytes)
        } catch {
            Log.line("\(request.label): photopick ended (\(exit)) without a usable response (\(error.reason))")
            return nil
        }
        do {
            var answer = try PortalResponseFile.answer(bytes, for: call.options)
            // A filter whose name was cut is named back as the app sent it.
            if let shown = answer.results.currentFilter, let own = bounded.originalFilters[shown.name] {
                answer.results.currentFilter = own
            }
            if let error = answer.error { Log.line("\(request.label): photopick: \(error)") }
            for failure in answer.exportFailures { Log.line("\(request.label): not exported: \(failure)") }
            return answer
        } catch {
            Log.line("\(request.label): \(error)")
            return nil
        }
    }

    private func cleanUp() {
        guard let files else { return }
        for path in [files.request, files.response] { unlink(path) }
        self.files = nil
    }
}
