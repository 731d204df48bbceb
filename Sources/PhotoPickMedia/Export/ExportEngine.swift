import Foundation
import PhotoPickCore
import PhotoPickSystem

/// Exports files in worker processes: as many workers as cores, one file per worker at a
/// time, each under a time limit and a memory cap. A file that crashes or stalls its worker
/// fails alone (the worker is replaced); cancelling the calling task kills the workers at
/// once and removes everything this export wrote.
public struct ExportEngine: AssetExporter {
    public let executable: String
    public let workerCount: Int
    /// Seconds a photo may take; a video gets more, by its size (it is copied).
    public let timeLimit: Double
    public let memoryLimitMB: Int
    /// Where private export folders go (default `$XDG_CACHE_HOME/photopick/exports`).
    public let privateRoot: RawPath
    /// Private folders older than this are removed when an export starts.
    public static let oldFolderAge: Double = 7 * 24 * 3600
    /// False makes every temporary file a named one, as on a file system without O_TMPFILE
    /// (for the tests of that fallback).
    var unnamedTemporaries = true

    public init(executable: String, workerCount: Int = ProcessInfo.processInfo.activeProcessorCount, timeLimit: Double = 60,
                memoryLimitMB: Int = 2048, privateRoot: RawPath = ExportFolder.defaultRoot()) {
        self.executable = executable
        self.workerCount = max(1, workerCount)
        self.timeLimit = timeLimit
        self.memoryLimitMB = memoryLimitMB
        self.privateRoot = privateRoot
    }

    /// Throws `ExportFolder.Failure` when the destination cannot be made, `CancellationError`
    /// when cancelled; a file that fails is an outcome in the report, not an error.
    public func export(_ sources: [RawPath], settings: ExportSettings,
                       progress: @escaping @Sendable (ExportProgress) -> Void) async throws -> ExportReport {
        let destination: RawPath
        var lock: Int32 = -1
        if let directory = settings.directory {
            destination = try ExportFolder.prepare(directory)
            ExportLeftovers.sweep(in: destination, now: Date().timeIntervalSince1970)
        } else {
            ExportFolder.clean(under: privateRoot, olderThan: Self.oldFolderAge, now: Date().timeIntervalSince1970)
            (destination, lock) = try ExportFolder.makePrivate(under: privateRoot)
        }
        let run = ExportRun(engine: self, sources: sources, settings: settings, destination: destination,
                            ownsFolder: settings.directory == nil, progress: progress)
        defer { if lock >= 0 { close(lock) } }
        return try await withTaskCancellationHandler {
            try await run.start()
        } onCancel: {
            run.cancel()
        }
    }

    /// The export worker's executable name; it is installed beside photopick.
    public static let workerName = "photopick-exporter"

    /// `photopick-exporter` installed beside `executable` (the running program), if any.
    public static func siblingExecutable(of executable: String? = nil) -> String? {
        WorkerLaunch.sibling(workerName, of: executable ?? ProgramSearch.runningExecutable)
    }

    var workerArguments: [String] {
        // Each worker's image gets the cores the workers leave over (none, when there is one worker per core).
        let threads = max(1, ProcessInfo.processInfo.activeProcessorCount / workerCount)
        return ["--vips-threads", String(threads), "--memory-limit-mb", String(memoryLimitMB),
                "--parent", String(getpid())]
    }
}
