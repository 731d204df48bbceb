import Foundation
import PhotoPickMedia

// A thumbnail worker process: started by the picker, one per core (see ThumbnailWorker).
// Usage: photopick-thumbnailer [--memory-limit-mb N]
var limit: Int? = 1024 << 20
let args = CommandLine.arguments
if let i = args.firstIndex(of: "--memory-limit-mb"), i + 1 < args.count, let mb = Int(args[i + 1]) {
    limit = mb > 0 ? mb << 20 : nil
}
exit(ThumbnailWorker.run(memoryLimitBytes: limit))
