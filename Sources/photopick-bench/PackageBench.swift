import Foundation

/// The `package` section (run when named, after `make deb`): the Debian package's program
/// against the locally built one, the window section's start-up row for both in one run — the
/// same window on an empty folder under a private Xvfb, timed to `window-presented`, launches
/// alternating so a load that comes and goes weighs on both alike; medians of seven. Also the
/// package's size and installed size. The package is `BENCH_DEB`, or the newest
/// `dist/photopick_*.deb`, unpacked with `dpkg-deb -x` (its program finds its workers in the
/// unpacked `usr/libexec/photopick`, as when installed).
enum PackageBench {
    static let section = "9 package"

    static func run(_ table: inout BenchTable) throws {
        let deb = try packageFile()
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path
        let local = dir + "/photopick"
        guard FileManager.default.isExecutableFile(atPath: local) else { throw BenchError("build photopick beside the bench (make bench does)") }
        guard let dpkgDeb = Peers.which("dpkg-deb") else { throw BenchError("dpkg-deb is not installed") }
        let base = BenchLibraries.base
        let unpacked = base + "/package-unpacked"
        try? FileManager.default.removeItem(atPath: unpacked)
        try FileManager.default.createDirectory(atPath: unpacked, withIntermediateDirectories: true)
        guard Peers.run([dpkgDeb, "-x", deb, unpacked]) else { throw BenchError("dpkg-deb -x \(deb) failed") }
        let packaged = unpacked + "/usr/bin/photopick"

        let display = try PrivateDisplay()
        defer { display.stop() }
        let empty = base + "/empty-library", config = base + "/package-config"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        func launch(_ binary: String) throws -> WindowRun {
            let cache = base + "/package-cache"
            try? FileManager.default.removeItem(atPath: cache)
            let run = try WindowRun.launch(binary, library: empty, display: display.name, cacheHome: cache, configHome: config,
                                           until: ["window-presented", "scan-finished"], timeout: 60)
            log(String(format: "    %@: window presented %.0f ms, peak %.0f MB", binary, run.ms("window-presented"), run.peakMB))
            return run
        }
        var locals: [WindowRun] = [], packages: [WindowRun] = []
        for _ in 0..<7 {
            locals.append(try launch(local))
            packages.append(try launch(packaged))
        }
        let localMs = median(locals.map { $0.ms("window-presented") })
        table.add(section: section, "local build: empty folder, window presented", ms: localMs, reference: localMs,
                  note: "swift build -c release, Swift runtime shared")
        table.add(section: section, "package: empty folder, window presented", ms: median(packages.map { $0.ms("window-presented") }),
                  reference: localMs, target: .ratioAtMost(1.2), note: "Swift runtime linked in, stripped")
        let localMB = median(locals.map(\.peakMB))
        table.add(section: section, "local build: peak memory", value: localMB, unit: .mb, reference: localMB)
        table.add(section: section, "package: peak memory", value: median(packages.map(\.peakMB)), unit: .mb, reference: localMB)

        let debBytes = Double((try FileManager.default.attributesOfItem(atPath: deb)[.size] as? NSNumber)?.intValue ?? 0)
        table.add(section: section, "package: .deb size", value: debBytes / 1_048_576, unit: .mb,
                  note: URL(fileURLWithPath: deb).lastPathComponent)
        let installedKiB = Double(try field(dpkgDeb, deb, "Installed-Size")) ?? 0
        table.add(section: section, "package: installed size", value: installedKiB / 1024, unit: .mb, note: "dpkg's Installed-Size")
    }

    /// One field of the package's control file, as `dpkg-deb -f` prints it.
    static func field(_ dpkgDeb: String, _ deb: String, _ name: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: dpkgDeb)
        p.arguments = ["-f", deb, name]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `BENCH_DEB`, or the newest `dist/photopick_*.deb` under the working folder.
    static func packageFile() throws -> String {
        if let path = ProcessInfo.processInfo.environment["BENCH_DEB"], !path.isEmpty { return path }
        let dist = FileManager.default.currentDirectoryPath + "/dist"
        let debs = ((try? FileManager.default.contentsOfDirectory(atPath: dist)) ?? [])
            .filter { $0.hasPrefix("photopick_") && $0.hasSuffix(".deb") }.map { dist + "/" + $0 }
        let dated = debs.compactMap { path in
            (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date).map { (path, $0) }
        }
        guard let newest = dated.max(by: { $0.1 < $1.1 })?.0 else {
            throw BenchError("no package: run make deb first (or set BENCH_DEB)")
        }
        return newest
    }
}
