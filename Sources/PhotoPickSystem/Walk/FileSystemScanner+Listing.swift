import PhotoPickCore

extension FileSystemScanner {
    /// The media below the roots for a one-shot listing, found as `scan` finds them but without
    /// a `DiscoveredFile` per file: the walk (same order, same links, same boundary) merged
    /// with `known`, the index's rows read in one pass. A file whose row has its size and
    /// time is taken from the row, with no more than the walk's `stat`; a new or changed one
    /// is sniffed and read by `examine`, which stores it in the cache. A file reached again
    /// by another link or hard link is listed once, under the first path the walk met, as
    /// `PhotoLibrary.add` keeps it.
    ///
    /// Two threads share the work (`FolderReadAhead`): `known` runs on the second while this
    /// one starts the walk (the folders it lists wait for the rows), then both list folders
    /// and this one merges them, in the walk's order whichever thread read them.
    public func listMedia(known: @escaping @Sendable () -> KnownFiles) -> MediaListing {
        listMedia(readingAhead: 8, read: FolderEntries.read, known: known)
    }

    /// `listMedia(known:)` with `depth` folders read ahead at most, each by `read`, and at
    /// most about `waitingLimit` entries listed before the rows are read (then the walk waits
    /// for them).
    func listMedia(readingAhead depth: Int, read: @escaping @Sendable (RawPath) -> FolderEntries,
                   waitingLimit: Int = 1 << 16, known: @escaping @Sendable () -> KnownFiles) -> MediaListing {
        let ahead = FolderReadAhead(depth: depth, read: read, first: known)
        defer { ahead.stop() }
        var merge: ListingMerge?
        var waiting: [(folder: RawPath, root: RawPath, entries: FolderEntries)] = []  // listed before the rows came
        var waitingEntries = 0
        var unreadable: [ScanProblem] = []
        func start(_ rows: KnownFiles) {
            merge = ListingMerge(rows)
            for w in waiting { merge!.take(w.folder, root: w.root, w.entries, scanner: self, unreadable: &unreadable) }
            waiting = []
        }
        let problems = walkFolders(reading: { ahead.entries(of: $0, pending: $1) }) { folder, root, entries in
            if merge == nil, let rows = waitingEntries >= waitingLimit ? ahead.waitForFirst() : ahead.firstIfReady {
                start(rows)
            }
            if merge == nil {
                waiting.append((folder, root, entries))
                waitingEntries += entries.count
            } else {
                merge!.take(folder, root: root, entries, scanner: self, unreadable: &unreadable)
            }
        }
        if merge == nil { start(ahead.waitForFirst()) }
        var listing = merge!.listing
        listing.problems = problems + unreadable
        cache?.flush()
        return listing
    }
}

/// The walk's files merged with the index's rows, in walk order, into a `MediaListing`.
private struct ListingMerge {
    let known: KnownFiles
    var listing: MediaListing
    private var listed: IdentitySet

    init(_ known: KnownFiles) {
        self.known = known
        listing = MediaListing(reservingFor: known)
        listed = IdentitySet(minimumCapacity: min(max(1024, known.count), 1 << 24))
    }

    /// The regular files of `folder`, in the order it listed them.
    mutating func take(_ folder: RawPath, root: RawPath, _ entries: FolderEntries, scanner: FileSystemScanner,
                       unreadable: inout [ScanProblem]) {
        let rows = known.folder(folder)
        entries.nameBytes.withUnsafeBytes { names in
            for (i, info) in entries.infos.enumerated() {
                guard let info, info.isRegular else { continue }
                let name = UnsafeRawBufferPointer(rebasing: names[entries.nameRange(i)])
                if let rows, let row = known.row(named: name, in: rows), row.size == info.size, row.modified == info.modified {
                    guard row.isMedia, listed.insert(info.key) else { continue }
                    listing.append(folder: folder, name: name, date: MediaListing.date(capture: row.capture, modified: info.modified))
                } else {
                    let path = folder.appending(component: name)
                    guard let file = scanner.examine(path, name: Array(name), root: root, info: info, unreadable: &unreadable),
                          listed.insert(info.key) else { continue }
                    listing.append(path, date: MediaListing.date(capture: file.metadata.captureDate?.seconds, modified: file.modified))
                }
            }
        }
    }
}
