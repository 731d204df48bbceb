import Foundation
import Glibc

/// Section 4: the real picker window on the 100,000-photo library, under a private Xvfb.
///
/// Cold: a fresh `XDG_CACHE_HOME` (no index, no thumbnails), so the scan runs while the first
/// screen fills. Warm: the next launch with the same cache. Each run is timed from launch to
/// the traced milestones (`PHOTOPICK_TRACE=1`): `visible-previews` (every tile on screen shows
/// at least the embedded preview), `visible-thumbnails` (every tile on screen shows its
/// full-quality thumbnail), `scan-listed`, `scan-finished`; peak memory is the picker process's
/// VmHWM up to ten seconds after the scan finished (what loads behind the first screen counts).
/// References, measured here: the same window on an empty folder (the floor for presenting
/// a window, and its memory), and `gdk-pixbuf-thumbnailer` making the thumbnails of the same
/// first screen with as many parallel jobs as there are cores.
enum WindowBench {
    static let section = "4 window"

    static func run(_ table: inout BenchTable) throws {
        try BenchLibraries.ensure100k()
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path
        let binary = dir + "/photopick"
        guard FileManager.default.isExecutableFile(atPath: binary),
              FileManager.default.isExecutableFile(atPath: dir + "/photopick-thumbnailer") else {
            throw BenchError("build photopick and photopick-thumbnailer beside the bench (make bench does)")
        }
        let display = try PrivateDisplay()
        defer { display.stop() }
        let base = BenchLibraries.base
        let empty = base + "/empty-library", config = base + "/window-config", cache = base + "/window-cache"
        try? FileManager.default.removeItem(atPath: config)
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)

        func launch(_ library: String, cacheHome: String, until: Set<String>, linger: Double = 0,
                    timeout: Double) throws -> WindowRun {
            let run = try WindowRun.launch(binary, library: library, display: display.name, cacheHome: cacheHome,
                                           configHome: config, until: until, linger: linger, timeout: timeout)
            let times = run.milestones.filter { !$0.key.hasPrefix("scan-batch") && !$0.key.hasPrefix("scan-refined") }
                .sorted { $0.value.seconds < $1.value.seconds }
                .map { String(format: "%@ %.2f s", $0.key, $0.value.seconds) }.joined(separator: ", ")
            log("    run: \(times); peak \(Int(run.peakMB)) MB\(run.timedOut ? "; TIMED OUT" : "")")
            return run
        }

        // The floor is the same window on an empty folder. Warm runs alternate with floor runs,
        // so a load that comes and goes on the machine weighs on both alike; medians of five.
        let wanted: Set<String> = ["visible-thumbnails", "scan-finished"]
        try? FileManager.default.removeItem(atPath: cache)
        let cold = try launch(BenchLibraries.library100k, cacheHome: cache, until: wanted, linger: 10, timeout: 900)
        var floors: [WindowRun] = [], warms: [WindowRun] = []
        for _ in 0..<5 {
            try? FileManager.default.removeItem(atPath: base + "/window-cache-empty")
            floors.append(try launch(empty, cacheHome: base + "/window-cache-empty",
                                     until: ["window-presented", "scan-finished"], timeout: 60))
            warms.append(try launch(BenchLibraries.library100k, cacheHome: cache, until: wanted, linger: 10, timeout: 300))
        }
        let floorMs = median(floors.map { $0.ms("window-presented") })
        let floorMB = median(floors.map(\.peakMB))
        table.add(section: section, "reference: empty folder, window presented", ms: floorMs, reference: floorMs,
                  note: "GTK start-up under Xvfb, the floor")
        table.add(section: section, "reference: empty folder, peak memory", value: floorMB, unit: .mb, reference: floorMB)

        // What GNOME's thumbnailer needs for the same first screen (the newest photos).
        let tiles = Int(cold.milestones["visible-previews"]?.detail ?? "") ?? 20
        let peer = try thumbnailerScreenMs(tiles: tiles)
        table.add(section: section, "reference: gdk-pixbuf-thumbnailer, first screen", ms: peer, reference: peer,
                  note: "\(tiles) newest photos, \(jobs) jobs")
        guard let find = Peers.which("find") else { throw BenchError("find is not installed") }
        let findMs = median((0..<3).map { _ in
            wallMs { Peers.run([find, BenchLibraries.library100k, "-type", "f", "-printf", "%s %T@\\n"]) }
        })
        table.add(section: section, "reference: find over the library", ms: findMs, reference: findMs)

        func warm(_ event: String) -> Double { median(warms.map { $0.ms(event) }) }
        table.add(section: section, "cold: window presented", ms: cold.ms("window-presented"), reference: floorMs)
        table.add(section: section, "cold: first screen, previews", ms: cold.ms("visible-previews"), reference: peer,
                  note: "embedded EXIF previews while the scan runs")
        table.add(section: section, "cold: first screen, full quality", ms: cold.ms("visible-thumbnails"),
                  reference: peer, target: .atMost(2000), note: "while the scan goes on")
        table.add(section: section, "cold: scan listed", ms: cold.ms("scan-listed"), reference: findMs)
        table.add(section: section, "cold: scan finished (sniff + EXIF)", ms: cold.ms("scan-finished"), reference: findMs)
        table.add(section: section, "cold: peak memory", value: cold.peakMB, unit: .mb, reference: floorMB,
                  target: .atMost(300), note: String(format: "largest worker %.0f MB", cold.peakWorkerMB))
        table.add(section: section, "warm: first screen, full quality", ms: warm("visible-thumbnails"),
                  reference: floorMs, target: .ratioAtMost(2.5), note: "index + cached thumbnails, against the empty window")
        table.add(section: section, "warm: scan finished", ms: warm("scan-finished"), reference: findMs)
        table.add(section: section, "warm: peak memory", value: median(warms.map(\.peakMB)), unit: .mb, reference: floorMB,
                  target: .atMost(300),
                  note: String(format: "largest worker %.0f MB", warms.map(\.peakWorkerMB).max() ?? 0))
    }

    static var jobs: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// `gdk-pixbuf-thumbnailer -s 256` on the `tiles` newest photos, `jobs` at once.
    static func thumbnailerScreenMs(tiles: Int) throws -> Double {
        guard let thumbnailer = Peers.which("gdk-pixbuf-thumbnailer") else {
            throw BenchError("gdk-pixbuf-thumbnailer is not installed")
        }
        let out = BenchLibraries.base + "/peer-window"
        try? FileManager.default.removeItem(atPath: out)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let commands = (0..<tiles).map { i in
            [thumbnailer, "-s", "256", BenchLibraries.photoPath(BenchLibraries.photoCount - 1 - i), out + "/\(i).png"]
        }
        return median((0..<3).map { _ in Peers.parallel(commands, jobs: jobs).ms })
    }
}
