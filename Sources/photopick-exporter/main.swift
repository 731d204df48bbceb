import Glibc
import PhotoPickConvert
import PhotoPickMedia
import PhotoPickSystem

// The export worker: started by ExportEngine, one per core for the length of one export.
// Usage: photopick-exporter [--vips-threads N] [--memory-limit-mb N] [--parent PID]
// Jobs come on stdin, one reply line per job goes to stdout (ExportJob's protocol). An
// executable of its own, apart from photopick-thumbnailer: only it loads libvips, so the
// thumbnail workers the window keeps stay small, and its memory is what exporting needs.
// With --parent it exits once that process is no longer its parent.
SystemHost.install()
var limit: Int? = 1024 << 20
var parent: Int32?
var threads = 1
let args = CommandLine.arguments
func value(_ name: String) -> String? {
    guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
    return args[i + 1]
}
if let mb = value("--memory-limit-mb").flatMap({ Int($0) }) { limit = mb > 0 ? mb << 20 : nil }
if let pid = value("--parent").flatMap({ Int32($0) }) { parent = pid }
if let parent { BackgroundPriority.lowerCurrentThread(below: parent) }  // before any thread starts
if let n = value("--vips-threads").flatMap({ Int($0) }), n > 0 { threads = n }
exit(ExportWorker.run(memoryLimitBytes: limit, parent: parent, vipsThreads: threads))
