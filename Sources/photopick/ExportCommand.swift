import ArgumentParser
import Foundation
import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem

/// `photopick export [OPTIONS] FILE…`: the picker's export without the window — each file
/// converted, resized and stripped as asked, written beside nothing it could replace, and
/// the exported paths printed in the given order.
struct Export: PhotopickCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export photos (converted, resized, location removed) and print the exported files.",
        discussion: """
            Writes each FILE's export into --export-dir, or into a new private folder under \
            ~/.cache/photopick/exports, and prints the exported files in the given order. \
            Videos are copied as they are (with --strip-location, cleaned of their location, \
            or refused when they cannot be). Exit status: 0 when every file was exported; 2 \
            otherwise, with one line on stderr per file that was not (and in JSON, "errors").
            --clean removes photopick's export folders in the cache (those of running exports \
            excepted), or with --older-than only those older than that many days.
            """)

    @OptionGroup(title: "Export") var export: ExportOptions
    @OptionGroup(title: "Output") var output: OutputOptions

    @Flag(help: "Remove photopick's export folders from the cache first (see --older-than).")
    var clean = false

    @Option(help: ArgumentHelp("With --clean: only folders older than this many days.", valueName: "days"))
    var olderThan: Double?

    @Argument(help: ArgumentHelp("The photos and videos to export.", valueName: "file"))
    var files: [String] = []

    func execute() throws -> Int32 {
        let format = try outputFormat()
        let raw = RawArguments.current()
        let cwd = PathArgument.currentDirectory()
        let directory = try export.exportDir.map { value -> RawPath in
            guard let path = PathArgument.resolve(raw.bytes(for: value), relativeTo: cwd) else {
                throw UserError("--export-dir: '\(value)' is not a usable path")
            }
            return path
        }
        let settings = export.settings(directory: directory)
        if let problem = settings.problem { throw UserError(problem) }
        if let olderThan, !(olderThan >= 0 && olderThan.isFinite) { throw UserError("--older-than must be a number of days, 0 or more") }
        if olderThan != nil, !clean { throw UserError("--older-than goes with --clean") }
        if clean {
            ExportFolder.clean(olderThan: (olderThan ?? 0) * 86_400, now: Date().timeIntervalSince1970)
            if files.isEmpty { return ExitStatus.picked }
        }
        guard !files.isEmpty else { throw UserError("no files to export (photopick export --help)") }
        let sources = try raw.bytes(forEach: files).map { bytes -> RawPath in
            guard let path = PathArgument.resolve(bytes, relativeTo: cwd) else { throw UserError(path: bytes, ": not a usable path") }
            var st = stat()
            guard path.withCString({ stat($0, &st) }) == 0 else { throw UserError(path: bytes, ": \(SystemError.text(errno))") }
            guard st.st_mode & S_IFMT == S_IFREG else { throw UserError(path: bytes, ": not a file") }
            return path
        }
        guard let worker = ExportEngine.siblingExecutable() else {
            throw UserError("photopick-exporter is not installed beside photopick; it does the exporting")
        }
        let report: ExportReport
        switch ExportCall.run(ExportEngine(executable: worker), sources: sources, settings: settings) {
        case .finished(let finished): report = finished
        case .cancelled: return ExitStatus.cancelled
        case .failed(let message): throw UserError(message)
        }
        ExportFailureLines.write(report)
        FileHandle.standardOutput.write(Data(ExportedAssets(report: report).render(format)))
        return report.isComplete ? ExitStatus.picked : ExitStatus.error
    }

    private func outputFormat() throws -> OutputFormat {
        if output.print0, let format = output.format, format != .null {
            throw UserError("--print0 and --format \(format.rawValue) conflict")
        }
        return output.print0 ? .null : output.format ?? .lines
    }
}

/// The async export run from the synchronous command, with SIGINT, SIGTERM and SIGHUP
/// cancelling it (which removes what it wrote) rather than killing photopick half-way.
enum ExportCall {
    enum Result: Sendable {
        case finished(ExportReport)
        case cancelled
        case failed(String)
    }

    static func run(_ engine: ExportEngine, sources: [RawPath], settings: ExportSettings) -> Result {
        let task = Task.detached { () -> Result in
            do {
                return .finished(try await engine.export(sources, settings: settings, progress: { _ in }))
            } catch is CancellationError {
                return .cancelled
            } catch {
                return .failed("\(error)")
            }
        }
        // Dispatch's signal sources: the signal is taken on a queue, outside any handler, so
        // cancelling a task there is safe (the command runs no GLib loop to take it).
        let sources = [SIGINT, SIGTERM, SIGHUP].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { task.cancel() }
            source.resume()
            return source
        }
        let outcome = BlockingThread.wait(for: task)
        sources.forEach { $0.cancel() }
        return outcome
    }
}
