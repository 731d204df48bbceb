/// What the watcher reports and the debouncer coalesces: folders whose listing may have
/// changed, not individual events (events are cheap to lose, folder listings are not).
public struct DirtyFolders: Sendable, Hashable {
    public var folders: Set<RawPath>
    /// The kernel dropped events (queue overflow): every folder must be re-listed.
    public var everything: Bool
    /// Problems met while watching, such as the per-user watch limit.
    public var problems: [ScanProblem]
    /// Someone waits for this batch's re-check (an index-first open's one re-listing): its
    /// change set is delivered even when nothing changed, marked `completesRecheck`.
    public var reportsRecheck: Bool

    public init(folders: Set<RawPath> = [], everything: Bool = false, problems: [ScanProblem] = [],
                reportsRecheck: Bool = false) {
        self.folders = folders
        self.everything = everything
        self.problems = problems
        self.reportsRecheck = reportsRecheck
    }

    public var isEmpty: Bool { folders.isEmpty && !everything && problems.isEmpty && !reportsRecheck }

    public mutating func merge(_ other: DirtyFolders) {
        folders.formUnion(other.folders)
        everything = everything || other.everything
        problems += other.problems
        reportsRecheck = reportsRecheck || other.reportsRecheck
    }
}
