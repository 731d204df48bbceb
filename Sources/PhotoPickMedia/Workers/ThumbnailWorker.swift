import Foundation
import Glibc
import PhotoPickCore
import PhotoPickSystem
import Synchronization

/// The loop a worker process runs: requests on stdin, pixels on stdout, one at a time.
///
/// It runs in its own process so a decoder that crashes, spins or eats memory costs one
/// file and never the window: the parent kills it after a time limit, and the worker
/// caps its own memory with setrlimit before touching any file.
public enum ThumbnailWorker {
    /// What every worker process (thumbnails or exports) does first: cap its own memory
    /// before touching any file, survive a closed pipe as an error rather than a signal, and
    /// exit once `parent` (default: the current parent) is gone.
    public static func enterWorkerProcess(memoryLimitBytes: Int?, parent: pid_t?) {
        if let limit = memoryLimitBytes {
            var rl = rlimit(rlim_cur: rlim_t(limit), rlim_max: rlim_t(limit))
            _ = setrlimit(Int32(RLIMIT_DATA.rawValue), &rl)
        }
        signal(SIGPIPE, SIG_IGN)
        exitWithParent(parent ?? getppid())
    }

    /// `parent`: the process that started this worker (default: the current parent). The
    /// cache is written in the background (`ThumbnailCacheWriter`): a reply goes out as soon as
    /// its pixels are ready, and what is still queued is written before the worker exits at
    /// the end of its input.
    public static func run(input: Int32 = 0, output: Int32 = 1, memoryLimitBytes: Int?, parent: pid_t? = nil,
                           service: ThumbnailService = .writingInBackground()) -> Int32 {
        enterWorkerProcess(memoryLimitBytes: memoryLimitBytes, parent: parent)
        defer {
            // No decode is left, only writes of what was made: the window may be gone already
            // (it does not wait for them), and they are still worth finishing.
            finishing.store(true, ordering: .relaxed)
            service.writer?.stop()
        }
        var reader = LineReader(fd: input)
        while let line = reader.next() {
            guard let request = WorkerRequest(line: Substring(line)) else {
                if !writeAll(output, WorkerReply.error(id: 0, .worker(path: nil, failure: .badRequest))) { return 1 }
                continue
            }
            if !write(respond(to: request, service: service), to: output) { return 1 }
        }
        return 0
    }

    /// Set once the worker's input has ended and it only writes what it made into the cache.
    private static let finishing = Atomic<Bool>(false)

    /// The whole reply to `request`, made in this process: what `handle` makes, and for a
    /// `large` request the file's stored size as well.
    public static func respond(to request: WorkerRequest, service: ThumbnailService) -> WorkerReply {
        guard request.kind == .large else { return WorkerReply(id: request.id, result: handle(request, service: service)) }
        switch LargeImage.decode(request.path, mimeType: request.mimeType, fitting: request.side, cache: service.cache) {
        case .success(let large):
            return WorkerReply(id: request.id, result: .success((large.image, .decoded)),
                               sourceSize: (large.storedWidth, large.storedHeight))
        case .failure(let error):
            return WorkerReply(id: request.id, result: .failure(error))
        }
    }

    /// Makes what `request` asks for, in this process.
    public static func handle(_ request: WorkerRequest, service: ThumbnailService) -> Result<(DecodedImage, ThumbnailOrigin), MediaError> {
        switch request.kind {
        case .large:
            return respond(to: request, service: service).result
        case .preview:
            guard let image = EmbeddedPreview.extract(request.path, minSide: request.side) else {
                return .failure(.noPreview(path: request.path, cacheChecked: false))
            }
            return .success((image, .preview))
        case .quick:
            // A thumbnail already in the shared cache is as quick as the preview, and final.
            if let image = service.cached(request.path, size: ThumbnailSize.covering(tileSide: request.side)) {
                return .success((ThumbnailScaler.fitting(tileSide: request.side, image), .cache))
            }
            guard let image = EmbeddedPreview.extract(request.path, minSide: request.side) else {
                return .failure(.noPreview(path: request.path, cacheChecked: true))
            }
            return .success((image, .preview))
        case .full:
            do {
                let size = ThumbnailSize.covering(tileSide: request.side)
                let (image, origin) = try service.thumbnail(request.path, mimeType: request.mimeType, size: size)
                return .success((ThumbnailScaler.fitting(tileSide: request.side, image), origin == .cache ? .cache : .made))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Ends this worker once the window that started it is gone (this process re-parented,
    /// or started after it died): a decoder stuck in a file must not outlive the picker, and
    /// nobody is left to kill it at its time limit. Checked every second on a thread of its
    /// own, as the decoder may be stuck. A thumbnail worker that is only finishing its cache
    /// writes (its input ended: no decode is left) is let finish them.
    public static func exitWithParent(_ parent: pid_t) {
        BlockingThread.start("pp-parent-watch", .watchdog) {
            while true {
                sleep(1)
                if getppid() != parent, !finishing.load(ordering: .relaxed) { _exit(0) }
            }
        }
    }

    /// Writes the header, then the pixels straight from the image (a preview's can be hundreds
    /// of megabytes: not copied once more behind the header).
    private static func write(_ reply: WorkerReply, to fd: Int32) -> Bool {
        switch reply.result {
        case .success(let (image, origin)):
            let header = WorkerReply.header(id: reply.id, image: image, origin: origin, sourceSize: reply.sourceSize)
            return writeAll(fd, header) && image.pixels.withUnsafeBytes { writeAll(fd, $0) }
        case .failure(let error):
            return writeAll(fd, WorkerReply.error(id: reply.id, error))
        }
    }

    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { writeAll(fd, $0) }
    }

    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var done = 0
        while done < bytes.count {
            guard let n = try? Syscall.retrying("write", { Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done) }),
                  n > 0 else { return false }
            done += n
        }
        return true
    }
}

/// Reads newline-terminated lines from a file descriptor (blocking): a worker's requests,
/// through the same reader the pool reads the replies with.
public struct LineReader {
    private var reader: BufferedReader

    public init(fd: Int32) { reader = BufferedReader(fd: fd, readBytes: 4096) }

    public mutating func next() -> String? { reader.line().map(String.init) }
}
