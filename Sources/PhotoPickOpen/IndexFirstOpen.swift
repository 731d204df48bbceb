import Foundation
import PhotoPickCore
import PhotoPickIndex
import PhotoPickSystem

/// Index first, disk second: a warm reopen shows the library as the index last saw it; the
/// caller then has the watcher re-list the disk once (`LiveUpdates.recheckNow`), whose
/// differences arrive as live changes.
///
/// The first screen comes first: the newest files the index recorded with the listing
/// (`MetadataIndex.newestListed`, read by key in milliseconds) are made into a library of
/// their own and shown (`first`) while the whole listing is read, built with those files
/// first so that it extends what is shown (`PhotoLibrary.adopt(extending:)`).
///
/// Read on a thread of its own (`IndexPrefetch`). Without a complete listing of exactly these roots in the
/// index (a first open, other folders, an index rebuilt or unreadable) `missing` runs and
/// the caller lists the disk as before; without newest files, `first` does not run.
enum IndexFirstOpen {
    struct Handlers: Sendable {
        /// The newest files alone, built off the main thread: the first screen, shown at once.
        let first: @MainActor @Sendable (PreparedLibrary) -> Void
        /// The library as the index last saw it, built off the main thread: shown at once.
        let listed: @MainActor @Sendable (PreparedLibrary) -> Void
        let missing: @MainActor @Sendable () -> Void
    }

    /// `prefetched`, when it read these roots from this index, spares reading it again.
    static func start(roots: [RawPath], restriction: AssetRestriction, index: IndexLocation,
                      prefetched: IndexPrefetch? = nil, post: @escaping MainPost, handlers: Handlers) {
        let read = prefetched.flatMap { $0.roots == roots && $0.restriction == restriction && $0.index == index ? $0 : nil }
            ?? IndexPrefetch(roots: roots, restriction: restriction, index: index)
        read.whenRead(first: { first in
            if let first { post { handlers.first(first) } }
        }, prepared: { prepared in
            guard let prepared else { return post { handlers.missing() } }
            post { handlers.listed(prepared) }
        })
    }

    /// The first screen's library: the newest files of the index's listing of `roots`
    /// (`index-newest`) made into a library of their own (`library-first`), or nil when the
    /// index recorded none. On the calling thread (not the main one).
    static func readFirst(_ index: MetadataIndex?, _ roots: [RawPath], restriction: AssetRestriction)
        -> (files: [DiscoveredFile], library: PreparedLibrary)? {
        guard let newest = Trace.timed("index-newest", { index?.newestListed(of: roots) }) else { return nil }
        return Trace.timed("library-first \(newest.count)") {
            let builder = PreparedLibrary.Builder(roots: roots, restriction: restriction)
            for file in newest { builder.add(file) }
            return (newest, builder.finish())
        }
    }

    /// The session's library as the index's listing of `roots` left it, if the index holds
    /// one it can vouch for; on the calling thread (not the main one). `first` (the first
    /// screen's files) go in first, in their order, then the listing's rows, straight into
    /// the library as they are read (`index-listing`), then its albums are built
    /// (`library-prepared`).
    /// `index` is closed once read (`index-closed`).
    static func readPrepared(_ index: inout MetadataIndex?, _ roots: [RawPath], restriction: AssetRestriction,
                             first: [DiscoveredFile]) -> PreparedLibrary? {
        let builder = PreparedLibrary.Builder(roots: roots, restriction: restriction, first: first)
        // This thread's CPU time as well as the wall time: on a loaded machine the wall time
        // says more about the other processes than about the read.
        let cpuStart = ThreadClock.cpuMicroseconds()
        defer { Trace.mark("index-prepare-cpu \((ThreadClock.cpuMicroseconds() - cpuStart) / 1000)ms") }
        let listed = Trace.timed("index-listing") { index?.listedFiles(of: roots, reserve: builder.reserve, each: builder.add) }
        Trace.timed("index-closed") { index = nil }
        TraceMemory.mark("index-listing")
        guard listed != nil else { return nil }
        defer { TraceMemory.mark("library-prepared") }
        return Trace.timed("library-prepared \(builder.count)") { builder.finish() }
    }

    /// The index, saying on stderr when it had to be set aside and started afresh. Closed
    /// without SQLite's whole-file check: at a million rows it read the 150 MB file for a
    /// third of a second between the first screen and the whole library, and damage on a
    /// page the reads reach still fails them and sets the index aside (`MetadataIndex.flush`).
    /// The whole file is checked when the listing is recorded (`ListingRecorder`), once the
    /// disk was listed again.
    static func openIndex(_ location: IndexLocation) -> MetadataIndex? {
        let index = try? MetadataIndex(path: location.path, checksWholeFile: false)
        if let reason = index?.rebuiltBecause {
            FileHandle.standardError.write(Data(("photopick: " + tr("warning: the photo index could not be used (%s) and is rebuilt", reason) + "\n").utf8))
        }
        return index
    }
}
