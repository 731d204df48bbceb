import Foundation
import PhotoPickConvert
import PhotoPickMedia
import PhotoPickSystem

// A worker process: started by the picker, one per core for thumbnails and one for the
// preview's large image (see ThumbnailWorker).
// Usage: photopick-thumbnailer [--export [--vips-threads N]] [--memory-limit-mb N] [--parent PID]
// With --parent the worker exits once that process is no longer its parent (see ThumbnailWorker).
// With --export it is an export worker instead (see ExportWorker), each image on N threads.
SystemHost.install()
var limit: Int? = 1024 << 20
let args = CommandLine.arguments
if let i = args.firstIndex(of: "--memory-limit-mb"), i + 1 < args.count, let mb = Int(args[i + 1]) {
    limit = mb > 0 ? mb << 20 : nil
}
var parent: Int32?
if let i = args.firstIndex(of: "--parent"), i + 1 < args.count, let pid = Int32(args[i + 1]) {
    parent = pid
}
if args.contains("--export") {
    var threads = 1
    if let i = args.firstIndex(of: "--vips-threads"), i + 1 < args.count, let n = Int(args[i + 1]), n > 0 { threads = n }
    exit(ExportWorker.run(memoryLimitBytes: limit, parent: parent, vipsThreads: threads))
}
exit(ThumbnailWorker.run(memoryLimitBytes: limit, parent: parent))
