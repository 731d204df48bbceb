import Foundation
import PhotoPickMedia
import PhotoPickSystem

// A worker process: started by the picker, one per core for thumbnails and one for the
// preview's large image (see ThumbnailWorker). Exports have a worker of their own
// (photopick-exporter), so this one never loads libvips.
// Usage: photopick-thumbnailer [--memory-limit-mb N] [--parent PID]
// With --parent the worker exits once that process is no longer its parent (see ThumbnailWorker).
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
if let parent { BackgroundPriority.lowerCurrentThread(below: parent) }  // before any thread starts
exit(ThumbnailWorker.run(memoryLimitBytes: limit, parent: parent))
