import Foundation
import Glibc
import Synchronization

/// The resident memory of a process and its children, two ways. Summing each process's RSS
/// counts a page the processes share (the libraries they all load, the pages a child still
/// shares with its parent) once per process; the tree's own resident set counts every
/// physical page once, by its page frame in /proc/PID/pagemap (readable by root; elsewhere
/// the frames read as 0 and the distinct count is unavailable).
enum ProcessTreeMemory {
    struct Sample {
        var summedRSSKiB = 0
        /// nil when the page frames cannot be read (not root).
        var distinctKiB: Int?
    }

    /// Set once the frames have read as 0: they stay hidden for this process, so later
    /// samples do not read every page map again to find that out.
    private static let framesHidden = Atomic(false)

    static func sample(_ pid: pid_t) -> Sample {
        let pids = [pid] + WindowRun.children(of: pid)
        var sample = Sample()
        sample.summedRSSKiB = pids.reduce(0) { $0 + rssKiB($1) }
        guard !framesHidden.load(ordering: .relaxed) else { return sample }
        var frames = Set<UInt64>()
        for pid in pids where !residentFrames(of: pid, into: &frames) {
            framesHidden.store(true, ordering: .relaxed)
            return sample
        }
        sample.distinctKiB = frames.count * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
        return sample
    }

    static func rssKiB(_ pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// Adds the page frames of `pid`'s resident pages to `frames`; false, at the first resident
    /// page whose frame reads as 0, when the frames are hidden (a process that vanished
    /// meanwhile just adds none).
    private static func residentFrames(of pid: pid_t, into frames: inout Set<UInt64>) -> Bool {
        guard let maps = procFile("/proc/\(pid)/maps") else { return true }
        let fd = open("/proc/\(pid)/pagemap", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return true }
        defer { close(fd) }
        let page = UInt64(sysconf(Int32(_SC_PAGESIZE)))
        for line in maps.split(separator: "\n") {
            let range = line.prefix { $0 != " " }.split(separator: "-")
            guard range.count == 2, let start = UInt64(range[0], radix: 16), let end = UInt64(range[1], radix: 16),
                  end > start, !line.hasSuffix("[vsyscall]") else { continue }
            var entries = [UInt64](repeating: 0, count: Int((end - start) / page))
            let wanted = entries.count * 8
            let got = entries.withUnsafeMutableBytes { pread(fd, $0.baseAddress, wanted, off_t(start / page * 8)) }
            guard got > 0 else { continue }
            for entry in entries.prefix(got / 8) where entry & (1 << 63) != 0 {
                let frame = entry & ((1 << 55) - 1)
                guard frame != 0 else { return false }
                frames.insert(frame)
            }
        }
        return true
    }

    /// A /proc file read to its end (they report size 0, so readers that trust the size stop
    /// after the first page).
    private static func procFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            bytes += chunk.prefix(got)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
