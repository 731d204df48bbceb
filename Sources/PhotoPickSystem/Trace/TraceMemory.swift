import Foundation

/// The window's memory at a milestone, for the bench's breakdown of the warm open: with
/// `PHOTOPICK_TRACE=1`, one line `mem-EVENT rss … hwm … anon …` (MB, from `/proc/self/status`):
/// the resident set now and at its peak, and its anonymous part (the heap, not the libraries).
public enum TraceMemory {
    public static func mark(_ event: String) {
        guard Trace.isEnabled else { return }
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func mb(_ field: String) -> Double {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
                  let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return .nan }
            return kb / 1024
        }
        Trace.mark(String(format: "mem-%@ rss %.0f hwm %.0f anon %.0f", event, mb("VmRSS"), mb("VmHWM"), mb("RssAnon")))
    }
}
