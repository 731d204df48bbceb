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
    private let call: FileChooserCall
    private let environment: BackendEnvironment
    private let folder: RuntimeFolder
    private let number: Int
    private var process: ChildProcess?
    private var killTimer: guint = 0
    private var files: (request: String, response: String)?

    init(_ request: PortalRequest, call: FileChooserCall, environment: BackendEnvironment, folder: RuntimeFolder, number: Int) {
        self.request = request
        self.call = call
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
        let dir = try folder.path()
        let files = (request: "\(dir)/\(number).request.json", response: "\(dir)/\(number).response.json")
        self.files = files
        let title = CallerTitle.make(title: call.title, appID: call.appID, appName: Desktop.applicationName(call.appID),
                                     filters: call.options.filters + (call.options.currentFilter.map { [$0] } ?? []))
        let bytes = PortalRequestFile.bytes(for: call.options, title: title, currentFolder: usableFolder())
        do {
            try AtomicFile.write(bytes, to: RawPath(files.request))
        } catch {
            throw BackendFailure("cannot write the request file: \(error)")
        }
        var argv = [photopick, "--request", files.request, "--response", files.response]
        if !call.parentWindow.isEmpty { argv += ["--parent-window", call.parentWindow] }
        let process: ChildProcess
        do {
            process = try ChildProcess(argv)
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
            Log.line("\(request.label): current_folder \(path) is not a folder; opening the default folders")
            return nil
        }
        return folder
    }

    /// SIGTERM: photopick cancels and answers; SIGKILL if it has not gone after a grace period.
    private func terminate() {
        process?.signal(SIGTERM)
        killTimer = MainLoop.after(seconds: Self.closeGrace) { [weak self] in
            guard let self, let process = self.process, !process.exited else { return }
            Log.line("\(self.request.label): photopick did not stop on SIGTERM; killing it")
            process.signal(SIGKILL)
        }
    }

    private func exited(_ exit: ChildProcess.Exit) {
        MainLoop.cancel(killTimer)
        killTimer = 0
        let results = request.closing ? .ended : results(after: exit)
        cleanUp()
        Log.line("\(request.label): answered \(results.response.rawValue)"
                 + (results.response == .success ? " with \(results.uris.count) file(s)" : ""))
        request.answer(results)
    }

    private func results(after exit: ChildProcess.Exit) -> FileChooserResults {
        guard let files, let bytes = try? RegularFile.readAll(files.response) else {
            Log.line("\(request.label): photopick ended (\(exit)) without a response")
            return .ended
        }
        do {
            let answer = try PortalResponseFile.answer(bytes, for: call.options)
            if let error = answer.error { Log.line("\(request.label): photopick: \(error)") }
            for failure in answer.exportFailures { Log.line("\(request.label): not exported: \(failure)") }
            return answer.results
        } catch {
            Log.line("\(request.label): \(error)")
            return .ended
        }
    }

    private func cleanUp() {
        guard let files else { return }
        for path in [files.request, files.response] { unlink(path) }
        self.files = nil
    }
}

extension RegularFile {
    /// A small file's bytes (responses are well under a megabyte).
    static func readAll(_ path: String) throws -> [UInt8] {
        guard let file = RegularFile(RawPath(path)), let bytes = file.read(at: 0, count: Int(file.size)) else {
            throw BackendFailure("cannot read \(path)")
        }
        return bytes
    }
}
