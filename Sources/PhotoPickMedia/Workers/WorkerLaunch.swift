import Foundation
import PhotoPickSystem

/// Starts a worker process (`photopick-thumbnailer` or `photopick-exporter`) the one way both
/// pools do: requests on its stdin, replies on its stdout, its stderr discarded, and lowered
/// to the workers' priority before it is sent any work.
struct WorkerLaunch {
    let process: Process
    /// Requests go here.
    let toWorker: FileHandle
    /// Replies come from here.
    let fromWorker: FileHandle

    /// The worker executable `name` installed beside `executable` (the running program, its
    /// links resolved), if it is there.
    static func sibling(_ name: String, of executable: String) -> String? {
        let dir = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        let path = dir.appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    init(executable: String, arguments: [String]) throws {
        let input = Pipe(), output = Pipe()
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        WorkerPriority.lower(process.processIdentifier)  // the window stays responsive while both cores work
        toWorker = input.fileHandleForWriting
        fromWorker = output.fileHandleForReading
    }
}
