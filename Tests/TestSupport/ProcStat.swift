import Foundation

/// What Linux's /proc says about a running process: its nice value (field 19 of `stat`), its
/// command name and its child processes. For checking the priority of spawned workers.
public enum ProcStat {
    /// The nice value of `pid` (its main thread), or nil when it is gone.
    public static func nice(of pid: Int32) -> Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }  // the name may hold spaces and ')'
        // After the name: field 3 (state) first, so field 19 (nice) is the 17th.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 16 ? Int32(fields[16]) : nil
    }

    /// True while `pid` runs: a zombie (exited, not yet reaped by a parent that may never
    /// reap it, such as a container's first process) counts as gone.
    public static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].split(separator: " ").first
        return state != "Z" && state != "X"
    }

    /// The command name of `pid` (at most 15 bytes, as the kernel keeps it).
    public static func command(of pid: Int32) -> String? {
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines)
    }

    /// The processes `pid`'s threads started and that still run.
    public static func children(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int32($0) }
        }
    }
}
