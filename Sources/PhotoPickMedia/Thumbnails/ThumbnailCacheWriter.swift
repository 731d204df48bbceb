import Foundation
import PhotoPickCore
import PhotoPickSystem

/// Encodes and writes made thumbnails into the shared cache on a thread of its own, so a
/// worker answers and starts its next decode instead of waiting on the disk (a folder sync
/// costs about 24 ms on a loaded disk, as long as half a decode, so there is one per burst).
///
/// Every file is written atomically: a temporary file renamed into place, so no reader sees
/// half a PNG. Its data is not synced (`FreedesktopThumbnailCache.store`: a cache entry, made
/// again if a power loss leaves it empty or short). What is batched is the folder's sync: the
/// writer takes all the jobs queued when it wakes (a burst), writes and renames each, then
/// syncs each folder once; only then do they count as written. A process crash mid-burst
/// leaves each thumbnail complete or absent (a stray temporary file at most).
/// Several writes of one name in a burst keep the last (each would replace the one before).
public final class ThumbnailCacheWriter: Sendable {
    /// What the writer did, in order; a test's window on the durable ordering.
    public enum Event: Sendable, Equatable {
        case renamed(String)
        case folderSynced(String)
        case written(String)
        case failed(String)
    }

    private struct Job: Sendable {
        let path: String
        let image: DecodedImage
        let source: ThumbnailSource
        let mimeType: String
        let size: ThumbnailSize
    }

    public let cache: FreedesktopThumbnailCache
    private let observer: (@Sendable (Event) -> Void)?
    /// The writer thread waits on it for jobs, callers for paths.
    private let state = BlockingState(Queue())

    private struct Queue: Sendable {
        var jobs: [Job] = []
        /// Paths queued or being written, with how many writes of each are outstanding.
        var outstanding: [String: Int] = [:]
        var stopping = false
        var finished = false
    }

    public init(cache: FreedesktopThumbnailCache, observer: (@Sendable (Event) -> Void)? = nil) {
        self.cache = cache
        self.observer = observer
        BlockingThread.start("pp-cache-write", .waitsForWork) { [self] in run() }
    }

    /// How many thumbnails may wait to be written; more wait for room (a disk slower than the
    /// decoders must not grow the worker's memory without bound).
    public static let queueLimit = 64

    /// Queues `image` as the `size` thumbnail of `source`; returns at once unless the queue is full.
    public func enqueue(_ image: DecodedImage, source: ThumbnailSource, mimeType: String, size: ThumbnailSize) {
        let path = cache.file(for: source, size: size)
        let job = Job(path: path, image: image, source: source, mimeType: mimeType, size: size)
        state.wait { q -> Void? in
            if q.stopping { return () }
            guard q.jobs.count < Self.queueLimit else { return nil }
            q.jobs.append(job)
            q.outstanding[path, default: 0] += 1
            return ()
        }
    }

    /// Returns once no write of `path` is queued or under way: what this writer had for it is
    /// on disk (or failed), so `cache.valid` sees it.
    public func waitUntilWritten(_ path: String) {
        state.wait(until: { $0.outstanding[path] == nil })
    }

    /// Returns once everything queued so far is written and durable.
    public func flush() {
        state.wait(until: { $0.outstanding.isEmpty })
    }

    /// Writes what is queued, then ends the thread; later jobs are dropped.
    public func stop() {
        state.withLock { $0.stopping = true }
        state.wait(until: { $0.finished })
    }

    // MARK: The writer thread

    private func run() {
        while let (burst, taken) = nextBurst() {
            write(burst, taken: taken)
        }
    }

    /// All the jobs queued now, the last of each name only, and how many were taken of each
    /// name; nil once stopped with none left.
    private func nextBurst() -> ([Job], [String: Int])? {
        let taken = state.wait { q -> [Job]?? in
            if !q.jobs.isEmpty {
                defer { q.jobs.removeAll() }  // room in the queue
                return .some(q.jobs)
            }
            guard q.stopping else { return nil }
            q.finished = true
            return .some(nil)
        }
        guard let taken else { return nil }
        var last: [String: Int] = [:], counts: [String: Int] = [:]
        for (i, job) in taken.enumerated() {
            last[job.path] = i
            counts[job.path, default: 0] += 1
        }
        return (taken.enumerated().filter { last[$0.element.path] == $0.offset }.map(\.element), counts)
    }

    private func write(_ burst: [Job], taken: [String: Int]) {
        var folders: [String] = []
        for job in burst {
            do {
                let png = try ThumbnailEncoder.png(of: job.image, source: job.source, mimeType: job.mimeType)
                try cache.store(png: png, for: job.source, size: job.size, syncingFolder: false)
                observer?(.renamed(job.path))
                let folder = cache.folder(for: job.size)
                if !folders.contains(folder) { folders.append(folder) }
            } catch {
                // A cache that cannot be written (read-only home, full disk) costs only the reuse.
                observer?(.failed(job.path))
            }
        }
        for folder in folders {
            AtomicFile.syncFolder(RawPath(folder))
            observer?(.folderSynced(folder))
        }
        state.withLock { q in
            for job in burst {
                observer?(.written(job.path))
            }
            // Every job taken is done, also the earlier writes of a name the burst replaced; a
            // write of the same name queued meanwhile is still outstanding.
            for (path, count) in taken {
                let left = (q.outstanding[path] ?? 0) - count
                q.outstanding[path] = left > 0 ? left : nil
            }
        }
    }
}
