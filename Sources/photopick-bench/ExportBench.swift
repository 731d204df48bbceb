import Foundation
import PhotoPickSystem
import Glibc
import PhotoPickCore
import PhotoPickMedia

/// Section 6: exports. 300 12-megapixel camera JPEGs to 2048-px JPEG q85 through the export
/// engine's workers (one per core), as a rate, against the same job done per file by
/// `vipsthumbnail` and ImageMagick's `convert` with as many parallel jobs; 50 HEICs to JPEG
/// against `vipsthumbnail`; and the peak memory of a whole export of 200 24-megapixel photos
/// (`photopick export` and its workers together, sampled from /proc) against exporting one.
enum ExportBench {
    static let section = "6 export"
    static var jobs: Int { ProcessInfo.processInfo.activeProcessorCount }
    static let heicCount = 50, bigCount = 200
    static let heicFolder = BenchLibraries.base + "/heic-12mp", jpeg24mp = BenchLibraries.base + "/jpeg-24mp"

    static func run(_ table: inout BenchTable) throws {
        try BenchLibraries.ensure12mp()
        let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let worker = binaries.appendingPathComponent("photopick-exporter").path
        let photopick = binaries.appendingPathComponent("photopick").path
        guard FileManager.default.isExecutableFile(atPath: worker), FileManager.default.isExecutableFile(atPath: photopick) else {
            throw BenchError("build photopick and photopick-exporter beside the bench (make bench does)")
        }
        guard let vips = Peers.which("vipsthumbnail") else { throw BenchError("vipsthumbnail is not installed (libvips-tools)") }
        let files = (0..<BenchLibraries.bigCount).map { BenchLibraries.bigPath($0) }
        let out = BenchLibraries.base + "/export-out"

        // vipsthumbnail once per file (its start-up is part of the job), one thread each.
        var single = ProcessInfo.processInfo.environment
        single["VIPS_CONCURRENCY"] = "1"
        func vipsRate(_ files: [String]) -> Double {
            fresh(out)
            let commands = files.map { [vips, $0, "-s", "2048", "-o", out + "/%s.jpg[Q=85]"] }
            return Double(files.count) / Peers.parallel(commands, jobs: jobs, environment: single).ms * 1000
        }
        // Alternating rounds, medians: a load that comes and goes weighs on both alike.
        var peer: [Double] = [], ours: [Double] = []
        for _ in 0..<2 {
            peer.append(vipsRate(files))
            ours.append(try exportRate(worker, files))
        }
        let vipsReference = median(peer)
        table.add(section: section, "reference: vipsthumbnail -s 2048, Q 85", value: vipsReference, unit: .rate,
                  reference: vipsReference, note: "one process per file, \(jobs) jobs")
        // ImageMagick decodes every pixel: a third of the files says its rate well enough.
        let convert = FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") ? "/usr/bin/convert" : Peers.which("convert")
        var magickRate: Double?
        if let convert {
            fresh(out)
            let some = Array(files.prefix(100))
            let commands = some.enumerated().map {
                [convert, $1, "-auto-orient", "-resize", "2048x2048>", "-quality", "85", out + "/\($0).jpg"]
            }
            magickRate = Double(some.count) / Peers.parallel(commands, jobs: jobs).ms * 1000
            table.add(section: section, "reference: convert -resize 2048x2048>", value: magickRate!, unit: .rate,
                      reference: magickRate, note: "ImageMagick, one process per file, \(jobs) jobs, 100 files")
        }
        let rate = median(ours)
        table.add(section: section, "photopick: export 12 MP → 2048 px JPEG", value: rate, unit: .rate,
                  reference: vipsReference, target: .ratioAtLeast(1.2), note: "\(jobs) workers; vs vipsthumbnail")
        if let magickRate {
            table.add(section: section, "photopick: the same, vs ImageMagick", value: rate, unit: .rate,
                      reference: magickRate, target: .ratioAtLeast(3))
        }

        if let heics = try? ensureHEICs(files) {
            let peerRate = vipsRate(heics)
            table.add(section: section, "reference: vipsthumbnail, 50 HEICs", value: peerRate, unit: .rate,
                      reference: peerRate, note: "12 MP HEIC → 2048 px JPEG, \(jobs) jobs")
            let heicRate = try exportRate(worker, heics)
            table.add(section: section, "photopick: export 50 HEICs → JPEG", value: heicRate, unit: .rate,
                      reference: peerRate, target: .ratioAtLeast(1), note: "\(jobs) workers")
        } else {
            log("  (no HEICs: heif-enc from libheif-examples makes them; skipped)")
        }

        let big = try ensure24mp()
        let one = try peakMemoryMB(photopick, [big[0]])
        // One photo per worker: the pool at its full size, which any longer export has too.
        let perWorker = try peakMemoryMB(photopick, Array(big.prefix(jobs)))
        let all = try peakMemoryMB(photopick, big)
        // The export's memory is its processes' pages, each counted once (a library the
        // workers share is in memory once); summing each process's RSS is shown beside it.
        let counted = one.distinct != nil && perWorker.distinct != nil && all.distinct != nil
        func held(_ m: (summed: Double, distinct: Double?)) -> Double { counted ? m.distinct ?? .nan : m.summed }
        let how = counted ? "resident pages of photopick export and its workers, each counted once"
                          : "RSS of photopick export and its workers, summed (page frames unreadable: not root)"
        func summed(_ m: (summed: Double, distinct: Double?), _ base: (summed: Double, distinct: Double?)) -> String {
            String(format: "; RSS summed: %.2f MB (%.2f×)", m.summed, m.summed / base.summed)
        }
        table.add(section: section, "peak memory, export of one 24 MP photo", value: held(one), unit: .mb, reference: held(one),
                  note: how + summed(one, one))
        table.add(section: section, "peak memory, export of \(jobs) (one per worker)", value: held(perWorker), unit: .mb,
                  reference: held(one), note: "\(jobs) workers" + summed(perWorker, one))
        table.add(section: section, "peak memory, export of 200 24 MP photos", value: held(all), unit: .mb, reference: held(one),
                  target: .ratioAtMost(1.5), note: "vs one photo" + summed(all, one))
        table.add(section: section, "the same, vs one per worker", value: held(all), unit: .mb, reference: held(perWorker),
                  target: .ratioAtMost(1.5), note: "flat in the number of photos")
    }

    private static func fresh(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// Files per second through the engine: 2048-px JPEG q85 into a fresh folder.
    private static func exportRate(_ worker: String, _ files: [String]) throws -> Double {
        let folder = BenchLibraries.base + "/export-engine-out"
        fresh(folder)
        let settings = {
            var s = ExportSettings()
            s.format = .jpeg
            s.maxSize = 2048
            s.quality = 85
            s.directory = RawPath(folder)
            return s
        }()
        let engine = ExportEngine(executable: worker, workerCount: jobs)
        let sources = files.map { RawPath($0) }
        let start = monotonicMs()
        let result = BlockingThread.wait(for: Task.detached { () -> Result<ExportReport, Error> in
            do {
                return .success(try await engine.export(sources, settings: settings, progress: { _ in }))
            } catch {
                return .failure(error)
            }
        })
        let ms = monotonicMs() - start
        let report = try finished(result)
        if !report.isComplete { log("    \(report.failures.count) of \(files.count) exports failed: \(report.failures.first!)") }
        return Double(files.count) / ms * 1000
    }

    private static func finished(_ result: Result<ExportReport, Error>?) throws -> ExportReport {
        guard let result else { throw BenchError("the export did not finish") }
        return try result.get()
    }

    /// 50 HEICs made once from the 12 MP JPEGs with heif-enc (5 encoded, the rest hard links:
    /// encoding HEVC takes seconds a photo, reading it is what is measured).
    private static func ensureHEICs(_ jpegs: [String]) throws -> [String] {
        let names = (0..<heicCount).map { heicFolder + "/IMG_\(String(format: "%04d", $0)).heic" }
        let stamp = heicFolder + ".v1.done"
        if FileManager.default.fileExists(atPath: stamp) { return names }
        guard let encoder = Peers.which("heif-enc") else { throw BenchError("heif-enc is not installed") }
        log("making \(heicCount) 12-megapixel HEICs in \(heicFolder) (once)…")
        fresh(heicFolder)
        for i in 0..<5 where !Peers.run([encoder, "-q", "80", jpegs[i], "-o", names[i]]) {
            throw BenchError("heif-enc failed on \(jpegs[i])")
        }
        for i in 5..<heicCount where link(names[i % 5], names[i]) != 0 { throw BenchError("cannot link \(names[i])") }
        _ = FileManager.default.createFile(atPath: stamp, contents: Data())
        return names
    }

    /// 200 24-megapixel (6000×4000) camera JPEGs: 4 made, the rest hard links to them.
    private static func ensure24mp() throws -> [String] {
        let names = (0..<bigCount).map { jpeg24mp + "/DSC_\(String(format: "%04d", $0)).jpg" }
        let stamp = jpeg24mp + ".v1.done"
        if FileManager.default.fileExists(atPath: stamp) { return names }
        log("making \(bigCount) 24-megapixel JPEGs in \(jpeg24mp) (once)…")
        fresh(jpeg24mp)
        for t in 0..<4 {
            let template = try CameraJPEG.template(width: 6000, height: 4000, seed: UInt64(t) &+ 24_000, noise: 36, quality: 90,
                                                   orientation: t == 3 ? 6 : 1, scratch: BenchLibraries.base + "/big24-template-\(t)")
            guard FileManager.default.createFile(atPath: names[t], contents: Data(template.stamped(BenchLibraries.exifDate(1_700_000_000))))
            else { throw BenchError("cannot write \(names[t])") }
        }
        for i in 4..<bigCount where link(names[i % 4], names[i]) != 0 { throw BenchError("cannot link \(names[i])") }
        _ = FileManager.default.createFile(atPath: stamp, contents: Data())
        return names
    }

    /// The peak resident memory of `photopick export` and its workers, in MB, sampled from
    /// /proc every 5 ms while it runs: each process's RSS summed, and the pages the processes
    /// hold counted once (ProcessTreeMemory; nil when the page frames cannot be read).
    private static func peakMemoryMB(_ photopick: String, _ files: [String]) throws -> (summed: Double, distinct: Double?) {
        let folder = BenchLibraries.base + "/export-rss-out"
        fresh(folder)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: photopick)
        process.arguments = ["export", "--convert", "jpeg", "--max-size", "2048", "--export-dir", folder] + files
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var summed = 0, distinct: Int? = 0
        while process.isRunning {
            let sample = ProcessTreeMemory.sample(process.processIdentifier)
            summed = max(summed, sample.summedRSSKiB)
            distinct = sample.distinctKiB.flatMap { now in distinct.map { max($0, now) } }
            usleep(5_000)
        }
        guard process.terminationStatus == 0 else { throw BenchError("photopick export failed (\(process.terminationStatus))") }
        return (Double(summed) / 1024, distinct.map { Double($0) / 1024 })
    }
}
