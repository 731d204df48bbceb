import Foundation
import PhotoPickCore
import PhotoPickSystem

/// How a session's library is opened and kept live, without a window: from the index first
/// when it holds a complete listing of the folders (`IndexFirstOpen`: its newest files first,
/// when it recorded them, then the whole listing over them), after which the watcher re-lists
/// the disk once and its differences arrive as live changes; else from the disk, in two
/// passes. Either way the listing is recorded into the index at the end, for the next open.
/// A new open (Try Again, Choose Folder…) stops the watcher of the old one and ignores
/// whatever the old one still sends.
///
/// It changes the session (Core) and tells the front what happened (`Step`); the window
/// renders the session's own changes as always. Main actor; the reading happens elsewhere.
@MainActor
public final class LibraryOpening {
    /// What the front may want to show or wait for, in the order it happens.
    public enum Step: Sendable, Equatable {
        /// The index's newest files, shown as the first screen.
        case firstScreenFromIndex(files: Int)
        /// The index's whole listing is about to be adopted (the window lets the sidebar
        /// follow a beat later).
        case adoptingListing
        /// The index's listing is in the library.
        case listingAdopted(PreparedAdoption)
        /// The index could not vouch for these folders: the disk is listed instead.
        case indexNotUsed
        /// The library was emptied for a new open: a rescan, or a first screen from an index
        /// that then could not vouch for its listing.
        case restarted
        /// The disk's differences from the index's listing are applied: the open is over.
        case reconciled(LibraryChangeSet)
        /// The disk scan is over.
        case scanned(problems: [ScanProblem])
        /// The listing is in the index (how many files).
        case listingRecorded(Int)
        /// The watcher's changes, applied.
        case liveChanges(LibraryChangeSet)
    }

    public let session: PickerSession
    /// Told of every step, after the session has changed.
    public var onStep: (Step) -> Void = { _ in }
    /// Where the folders' problems are told (the window: stderr, as `photopick list` does).
    public var warn: (String) -> Void = { FileHandle.standardError.write(Data(("photopick: " + $0 + "\n").utf8)) }

    private let index: IndexLocation
    private let post: MainPost
    /// The index's listing, read from launch on; the first open takes it.
    private var prefetch: IndexPrefetch?
    /// Counts opens: one's deliveries must not mix with those of an open still running.
    private var generation = 0
    private var live: LiveUpdates?
    private var diskScan: Task<Void, Never>?

    public init(session: PickerSession, index: IndexLocation = .standard, prefetch: IndexPrefetch? = nil,
                post: @escaping MainPost) {
        self.session = session
        self.index = index
        self.prefetch = prefetch
        self.post = post
    }

    /// Opens the session's folders (again, for a second call).
    public func open() {
        live?.stop()
        diskScan?.cancel()
        diskScan = nil
        generation += 1
        let generation = self.generation
        let roots = session.roots
        let live = LiveUpdates(roots: roots, post: post, apply: { [weak self] changes in
            guard let self, self.generation == generation else { return }
            if changes.completesRecheck {
                self.reconciled(changes, roots: roots)
            } else {
                Trace.mark("live-change +\(changes.inserted.count) -\(changes.deleted.count) ~\(changes.updated.count)")
                self.session.apply(changes)
                self.onStep(.liveChanges(changes))
            }
        })
        self.live = live
        live.start()
        let prefetched = prefetch
        prefetch = nil  // a rescan reads the index again
        IndexFirstOpen.start(roots: roots, restriction: session.configuration.restriction, index: index,
                             prefetched: prefetched, post: post, handlers: .init(
            first: { [weak self] first in
                guard let self, self.generation == generation else { return }
                let session = self.session
                _ = Trace.timed("scan-first \(first.listedCount)") { session.addScanned(first) }
                Trace.mark("library-first-adopted \(session.library.count)")
                self.onStep(.firstScreenFromIndex(files: first.listedCount))
            },
            listed: { [weak self] prepared in
                guard let self, self.generation == generation else { return }
                let session = self.session
                Trace.mark("library-from-index \(prepared.listedCount)")
                live.seeded(prepared.snapshot)
                let adoption = Trace.timed("scan-batch \(prepared.listedCount)") {
                    self.onStep(.adoptingListing)
                    return session.addScanned(prepared)
                }
                Trace.mark("library-\(adoption) \(session.library.count)")
                TraceMemory.mark("adopted")
                self.onStep(.listingAdopted(adoption))
                live.recheckNow()  // the one listing of the disk, compared with what is shown
            },
            missing: { [weak self] in
                guard let self, self.generation == generation else { return }
                // The first screen was shown, but the listing is not to be trusted.
                let restart = self.session.library.count > 0 && self.session.rescan()
                self.scanDisk(roots, live: live, generation: generation)
                self.onStep(.indexNotUsed)
                if restart, self.generation == generation { self.onStep(.restarted) }
            }))
    }

    /// Empties the library (optionally for other folders) and opens again; false for a
    /// session that has nothing to rescan (a fixture's).
    @discardableResult
    public func rescan(roots: [RawPath]? = nil) -> Bool {
        guard session.rescan(roots: roots) else { return false }
        onStep(.restarted)
        open()
        return true
    }

    /// Stops the watcher and the scan; nothing more is delivered.
    public func stop() {
        generation += 1
        live?.stop()
        live = nil
        diskScan?.cancel()
        diskScan = nil
    }

    /// An index-first open's re-listing is in (`LiveUpdates.recheckNow`): its differences are
    /// applied as the watcher's are (in place, picks kept), the scan is over, and the index
    /// records the new state. No second re-check: the watches were in place before it ran.
    private func reconciled(_ changes: LibraryChangeSet, roots: [RawPath]) {
        guard let live, !session.scanFinished else { return }
        session.apply(changes)
        Trace.mark("reconciled +\(changes.inserted.count) -\(changes.deleted.count) ~\(changes.updated.count)")
        TraceMemory.mark("reconciled")
        warn(about: changes.problems)
        session.finishScan(problems: changes.problems)
        let generation = self.generation
        onStep(.reconciled(changes))
        record(roots, changes.problems, from: live, applying: changes, generation: generation)
    }

    /// For a library the index has no listing of: the walk's two passes.
    private func scanDisk(_ roots: [RawPath], live: LiveUpdates, generation: Int) {
        let session = self.session
        diskScan = DiskScan.start(roots: roots, index: index, post: post,
            onBatch: { [weak self] batch in
                guard self?.generation == generation else { return }
                live.scanned(batch)
                session.addScanned(batch)
            },
            onRefined: { [weak self] refinement in
                guard self?.generation == generation else { return }
                live.refined(refinement)
                session.refineScanned(refinement)
            },
            onFinish: { [weak self] problems in
                guard let self, self.generation == generation else { return }
                TraceMemory.mark("scan-end")
                self.warn(about: problems)
                session.finishScan(problems: problems)
                live.scanFinished()
                self.onStep(.scanned(problems: problems))
                self.record(roots, problems, from: live, generation: generation)
            })
    }

    /// Records what `live` holds once it is settled, unless this open was superseded by then.
    private func record(_ roots: [RawPath], _ problems: [ScanProblem], from live: LiveUpdates,
                        applying changes: LibraryChangeSet? = nil, generation: Int) {
        guard self.generation == generation else { return }
        let post = self.post
        ListingRecorder.record(roots: roots, problems: problems, from: live, into: index, applying: changes) { count in
            post { [weak self] in
                guard let self, self.generation == generation else { return }
                self.onStep(.listingRecorded(count))
            }
        }
    }

    /// As `photopick list` does: the window shows them, stderr keeps them. A desktop folder
    /// that does not exist yet (no ~/Videos) is a first run's welcome, not a warning.
    private func warn(about problems: [ScanProblem]) {
        let configuration = session.configuration
        let quiet = configuration.usesDefaultFolders
        for problem in problems where !(quiet && problem.code == 2 && configuration.roots.contains(problem.path)) {
            warn(tr("warning: %s", "\(problem)"))
        }
    }
}
