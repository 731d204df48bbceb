import Foundation

/// The window's memory at a milestone, for the bench's breakdown of the warm open: with
/// `PHOTOPICK_TRACE=1`, one line `mem-EVENT rss … hwm … anon …` (MB, from `/proc/self/status`):
/// the resident set now and at its peak, and its anonymous part (the heap, not the libraries).
enum TraceMemory {
    static func mark(_ event: String) {
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

/// The cold scan's memory breakdown: a `mem-…` line as the listing passes each quarter of a
/// million files, as the verifying pass does, and at the scan's end, so the bench shows where
/// the peak of a first open is reached. Marks only when traced; main actor only.
@MainActor
enum ScanMemoryMarks {
    private static var listed = 0
    private static var refined = 0
    private static let step = 250_000

    static func listed(_ count: Int) { listed = advance(listed, by: count, name: "listed") }
    static func refined(_ count: Int) { refined = advance(refined, by: count, name: "refined") }

    private static func advance(_ total: Int, by count: Int, name: String) -> Int {
        guard Trace.isEnabled else { return total }
        let after = total + count
        if after / step > total / step { TraceMemory.mark("\(name)-\(after / step * step / 1000)k") }
        return after
    }
}
