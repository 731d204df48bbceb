import Foundation
import Glibc
import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem
import Synchronization

/// The loop an export worker process runs (`photopick-exporter`): jobs on stdin, one line
/// back per job on stdout, one job at a time.
///
/// An executable of its own rather than a mode of the thumbnail worker: an export's reply
/// carries no pixels, it needs libvips (thumbnails do not), a longer time limit and a pool
/// that lives as long as one export; keeping libvips out of the thumbnailer keeps the
/// window's workers small, and this one loads only what exporting needs. The memory cap
/// and the watch on the parent are the thumbnail worker's.
public enum ExportWorker {
    public static func run(input: Int32 = 0, output: Int32 = 1, memoryLimitBytes: Int?, parent: pid_t? = nil,
                           vipsThreads: Int = 1) -> Int32 {
        ThumbnailWorker.enterWorkerProcess(memoryLimitBytes: memoryLimitBytes, parent: parent)
        VipsLibrary.boundMalloc()
        VipsLibrary.threads.store(vipsThreads, ordering: .sequentiallyConsistent)
        var reader = LineReader(fd: input)
        while let line = reader.next() {
            let reply = ExportJob(line: Substring(line)).map { ExportJobReply(id: $0.id, result: handle($0)) }
                ?? ExportJobReply(id: 0, result: .failure(.worker(path: nil, failure: .badRequest)))
            VipsLibrary.releaseMemory()
            if !ThumbnailWorker.writeAll(output, reply.line) { return 1 }
        }
        return 0
    }

    /// Exports one file into `job.temporary`, in this process: a video is copied, a photo
    /// goes through libvips; anything else is refused. A failure for want of room says so
    /// (`FullFolder`), whichever library met it.
    public static func handle(_ job: ExportJob, maxPixels: Int = ImageDecoder.configuredMaxPixels) -> Result<ExportedFile, MediaError> {
        let result = export(job, maxPixels: maxPixels)
        guard case .failure(let error) = result, let output = try? SourceFile.openForWriting(job.temporary) else { return result }
        defer { close(output) }
        // The libraries' words are in the message (strerror's, in any language).
        guard let room = FullFolder.room(afterFailure: error.message(in: .english), output: output) else { return result }
        return .failure(.folderFull(free: room.free, quota: room.code == EDQUOT))
    }

    private static func export(_ job: ExportJob, maxPixels: Int) -> Result<ExportedFile, MediaError> {
        guard let file = RegularFile(job.source) else {
            let exists = job.source.withCString { access($0, F_OK) } == 0 || errno != ENOENT
            return .failure(.unreadable(path: job.source, reason: exists ? .notRegularFile : .missing))
        }
        guard let head = file.read(at: 0, count: 512), !head.isEmpty else {
            return .failure(.unreadable(path: job.source, reason: .empty))
        }
        let type = GIOContentTypeSniffer().mimeType(name: Array(job.source.lastComponentBytes), head: head)
        switch type.flatMap(MediaKind.init(mimeType:)) {
        case .video: return VideoCopy.run(job)
        case .photo: return ImageExport.run(job, mimeType: type ?? "", maxPixels: maxPixels)
        case nil: return .failure(.unsupported(path: job.source, type: nil))
        }
    }
}
