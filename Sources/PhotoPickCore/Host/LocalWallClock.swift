extension Host {
    /// The instant (seconds since 1970) that a wall-clock reading in the local zone names, the
    /// reading given as seconds since 1970 as if it were UTC. The zone is the host's, the same
    /// one the albums' days and the outputs' dates use. An hour repeated when the clocks go
    /// back: the earlier instant. An hour skipped when they go forward: the reading moved on by
    /// the gap (02:30 → 03:30), as glibc's `mktime` does. Zones change their offset at most once
    /// within a day of any reading, so the offsets a day before and a day after are the only
    /// two candidates.
    public static func instant(ofLocalWallClock wall: Int64) -> Int64 {
        let host = current
        let before = host.utcOffset(at: wall - 86_400), after = host.utcOffset(at: wall + 86_400)
        let early = wall - before, late = wall - after
        let earlyHolds = host.utcOffset(at: early) == before, lateHolds = host.utcOffset(at: late) == after
        switch (earlyHolds, lateHolds) {
        case (true, true): return min(early, late)
        case (true, false): return early
        case (false, true): return late
        case (false, false): return early  // in the gap: read with the offset before it
        }
    }
}
