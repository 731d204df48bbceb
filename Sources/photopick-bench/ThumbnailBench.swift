import Foundation
import PhotoPickSystem
import PhotoPickCore
import PhotoPickMedia

/// Section 3: full-quality 256-px thumbnails of 300 12-megapixel camera JPEGs, as rates
/// (files per second) with as many parallel jobs as cores: photopick's worker processes
/// (decoding, orienting, writing the PNG into a fresh freedesktop cache, sending the pixels
/// back) against `gdk-pixbuf-thumbnailer -s 256` run once per file, and `vipsthumbnail`
/// (one process per job, each given its share of the files; VIPS_CONCURRENCY=1). Then the
/// first pass: the embedded EXIF preview, against the same gdk-pixbuf-thumbnailer rate. The
/// full-quality rate is judged against the decode-only floor of the JPEG decoder it uses.
enum ThumbnailBench {
    static let section = "3 thumbnails"
    static var jobs: Int { ProcessInfo.processInfo.activeProcessorCount }
    /// A 192-px tile takes 'large' (256-px) thumbnails, the size the peers are asked for.
    static let tileSide = 192

    static func run(_ table: inout BenchTable) throws {
        try BenchLibraries.ensure12mp()
        let files = (0..<BenchLibraries.bigCount).map { BenchLibraries.bigPath($0) }
        let count = Double(files.count)
        let out = BenchLibraries.base + "/peer-thumbnails"

        guard let thumbnailer = Peers.which("gdk-pixbuf-thumbnailer") else {
            throw BenchError("gdk-pixbuf-thumbnailer is not installed")
        }
        let worker = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("photopick-thumbnailer").path
        guard FileManager.default.isExecutableFile(atPath: worker) else {
            throw BenchError("build photopick-thumbnailer beside the bench (make bench does)")
        }
        // Rounds alternate peer and photopick, so a load that comes and goes on the machine
        // weighs on both sides alike; each figure is the median of its rounds.
        var gnome: [Double] = [], full: [Double] = [], quick: [Double] = [], fullCPU: [Double] = []
        for _ in 0..<3 {
            fresh(out)
            let commands = files.enumerated().map { [thumbnailer, "-s", "256", $1, out + "/\($0).png"] }
            gnome.append(count / Peers.parallel(commands, jobs: jobs).ms * 1000)
            if let r = try? rate(worker, files, kind: .full) {
                full.append(r.rate)
                fullCPU.append(r.cpuMs)
            }
            if let r = try? rate(worker, files, kind: .preview) { quick.append(r.rate) }
        }
        let gnomeRate = median(gnome)
        table.add(section: section, "reference: gdk-pixbuf-thumbnailer -s 256", value: gnomeRate, unit: .rate,
                  reference: gnomeRate, note: "one process per file, \(jobs) jobs")

        if let vips = Peers.which("vipsthumbnail") {
            fresh(out)
            var environment = ProcessInfo.processInfo.environment
            environment["VIPS_CONCURRENCY"] = "1"
            let shares = (0..<jobs).map { j in stride(from: j, to: files.count, by: jobs).map { files[$0] } }
            let commands = shares.map { [vips, "-s", "256", "-o", out + "/%s.png"] + $0 }
            let ms = Peers.parallel(commands, jobs: jobs, environment: environment).ms
            table.add(section: section, "reference: vipsthumbnail -s 256", value: count / ms * 1000, unit: .rate,
                      reference: gnomeRate, note: "\(jobs) processes, one thread each; vs gdk-pixbuf-thumbnailer")
        }
        // The floors: the decode alone, on as many threads, in this process, nothing written
        // and no process started, by each JPEG decoder the product could use: gdk-pixbuf's
        // loader (libjpeg, DCT-scaled to 1/8) and TurboJPEG (its smallest covering scaling
        // factor, fast upsampling), both followed by the same bilinear downscale and orientation.
        // The product uses TurboJPEG; the row says whether that is still the faster one.
        // Rounds alternate the two, and each also reports CPU time per file (the decoding
        // threads' own, which other load on the machine barely moves).
        var pixbufRounds: [(rate: Double, cpuMs: Double)] = [], turboRounds: [(rate: Double, cpuMs: Double)] = []
        for _ in 0..<3 {
            pixbufRounds.append(decodeOnlyRate(files, ImageDecoder(jpegPath: .gdkPixbuf)))
            turboRounds.append(decodeOnlyRate(files, ImageDecoder(jpegPath: .turboJPEG)))
        }
        let pixbufFloor = median(pixbufRounds.map(\.rate)), turboFloor = median(turboRounds.map(\.rate))
        let pixbufCPU = median(pixbufRounds.map(\.cpuMs)), turboCPU = median(turboRounds.map(\.cpuMs))
        table.add(section: section, "reference: decode only, gdk-pixbuf loader", value: pixbufFloor, unit: .rate,
                  reference: gnomeRate, note: String(format: "256 px, \(jobs) threads at the workers' nice, in process; %.1f ms CPU a file", pixbufCPU))
        table.add(section: section, "reference: decode only, TurboJPEG (used)", value: turboFloor, unit: .rate,
                  reference: gnomeRate, note: String(format: "%.1f ms CPU a file; %.2f× gdk-pixbuf's rate, %.2f× its CPU",
                                                     turboCPU, turboFloor / pixbufFloor, turboCPU / pixbufCPU)
                    + (turboCPU <= pixbufCPU ? " (less CPU: the right choice)" : " (more CPU: switch the default)"))
        let fullRate = median(full), floor = turboFloor, workerCPU = median(fullCPU)
        // The workers' CPU a file beside the floor's: what the rate would be on idle cores,
        // and a figure that other load on the machine barely moves (both run at nice +10).
        table.add(section: section, "photopick: workers, full quality", value: fullRate, unit: .rate,
                  reference: floor, target: .ratioAtLeast(0.95),
                  note: String(format: "vs the TurboJPEG floor; %.2f× gdk-pixbuf-thumbnailer", fullRate / gnomeRate)
                    + " (\(jobs) workers, PNG into the shared cache)"
                    + String(format: "; workers' CPU %.1f ms a file, the floor's %.1f ms (%.0f %%)", workerCPU, turboCPU,
                             turboCPU / workerCPU * 100))
        let quickRate = median(quick)
        table.add(section: section, "photopick: workers, first pass (EXIF preview)", value: quickRate, unit: .rate,
                  reference: gnomeRate, target: .ratioAtLeast(100), note: "vs gdk-pixbuf-thumbnailer")
    }

    private static func fresh(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// Files per second decoding to 256 px on `jobs` threads of this process, writing nothing,
    /// and the decoding threads' CPU milliseconds per file.
    ///
    /// The threads run at the workers' nice value (`BackgroundPriority`, +10), as "with the same
    /// number of workers" means the same conditions: the workers are niced for the window's
    /// sake, and beside other load on the machine a niced thread gets less of a core than one
    /// at nice 0, so an un-niced floor would also measure a priority the workers are denied.
    /// On idle cores the two are alike. Threads of their own, not a shared pool's: a nice value
    /// belongs to the thread and cannot be raised back, and a pool's threads live on.
    private static func decodeOnlyRate(_ files: [String], _ decoder: ImageDecoder) -> (rate: Double, cpuMs: Double) {
        let next = Counter(), cpuMicroseconds = Counter()
        let ms = wallMs {
            let threads = (0..<jobs).map { _ in
                BlockingThread.start("bench-decode", .disk) {
                    BackgroundPriority.lowerCurrentThread()
                    let start = threadCPUMicroseconds()
                    while true {
                        let i = next.increment() - 1
                        guard i < files.count else { break }
                        _ = try? decoder.decode(RawPath(files[i]), fitting: 256)
                    }
                    _ = cpuMicroseconds.add(threadCPUMicroseconds() - start)
                }
            }
            for thread in threads { thread.join() }
        }
        return (Double(files.count) / ms * 1000, Double(cpuMicroseconds.value) / 1000 / Double(files.count))
    }

    private static func threadCPUMicroseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return now.tv_sec * 1_000_000 + now.tv_nsec / 1000
    }

    /// Files per second through a pool of `jobs` workers using a fresh thumbnail cache, and
    /// the workers' CPU milliseconds per file (user and system, everything they did: decode,
    /// encode, cache writes, replies), counted once they have ended and been reaped.
    private static func rate(_ worker: String, _ files: [String], kind: WorkerRequest.Kind) throws -> (rate: Double, cpuMs: Double) {
        let cache = BenchLibraries.base + "/thumbnail-cache"
        try? FileManager.default.removeItem(atPath: cache)
        setenv("XDG_CACHE_HOME", cache, 1)  // the workers inherit it
        let cpuBefore = childrenCPUMicroseconds()
        let pool = try ThumbnailWorkerPool(executable: worker, count: jobs, timeout: 60)
        usleep(200_000)  // let the workers start, as a window's pool has long before its first tile
        let replies = BlockingState(0)
        let failures = Counter()
        let ms = wallMs {
            for (i, file) in files.enumerated() {
                let request = WorkerRequest(id: UInt64(i + 1), kind: kind, side: tileSide, mimeType: "image/jpeg",
                                            path: RawPath(file))
                pool.submit(request) { reply in
                    if case .failure = reply.result { _ = failures.increment() }
                    replies.withLock { $0 += 1 }
                }
            }
            replies.wait(until: { $0 == files.count })
        }
        pool.shutdown()
        pool.waitUntilStopped()  // reaped, so their CPU is counted; and the next round deletes the cache folder
        if failures.value > 0 { log("    \(failures.value) of \(files.count) \(kind.rawValue) requests failed") }
        let cpuMs = Double(childrenCPUMicroseconds() - cpuBefore) / 1000 / Double(files.count)
        return (Double(files.count) / ms * 1000, cpuMs)
    }

    /// User and system CPU of this process's ended and reaped children, in microseconds.
    private static func childrenCPUMicroseconds() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000 + Int(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    }
}
