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
    /// most `waitingLimit` files found before the rows are read (then the walk waits for them).
    func listMedia(readingAhead depth: Int, read: @escaping @Sendable (RawPath) -> FolderEntries,
                   waitingLimit: Int = 1 << 17, known: @escaping @Sendable () -> KnownFiles) -> MediaListing {
        let ahead = FolderReadAhead(depth: depth, read: read, first: known)
        defer { ahead.stop() }
        var merge: ListingMerge?
        var waiting: [ListingMerge.Step] = []  // what the walk found before the rows were read
        var unreadable: [ScanProblem] = []
        func start(_ rows: KnownFiles) {
            merge = ListingMerge(rows)
            for step in waiting { merge!.apply(step, scanner: self, unreadable: &unreadable) }
            waiting = []
        }
        func take(_ step: ListingMerge.Step) {
            if merge == nil, waiting.count >= waitingLimit { start(ahead.waitForFirst()) }
            if merge == nil { waiting.append(step) } else { merge!.apply(step, scanner: self, unreadable: &unreadable) }
        }
        let problems = walk(preparingCache: false, entering: { folder in
            if merge == nil, let rows = ahead.firstIfReady { start(rows) }  // asked once a folder
            take(.folder(folder))
        }, reading: { ahead.entries(of: $0, pending: $1) }) { path, name, root, info in
            take(.file(path, name, root, info))
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
    /// What the walk met: a folder it entered, or one of its files.
    enum Step {
        case folder(RawPath)
        case file(RawPath, [UInt8], RawPath, FileSystemScanner.FileInfo)
    }

    let known: KnownFiles
    var listing: MediaListing
    private var listed: IdentitySet
    private var folder: KnownFiles.Folder?

    init(_ known: KnownFiles) {
        self.known = known
        listing = MediaListing(reservingFor: known)
        listed = IdentitySet(minimumCapacity: min(max(1024, known.count), 1 << 24))
    }

    mutating func enter(_ path: RawPath) { folder = known.folder(path) }

    mutating func apply(_ step: Step, scanner: FileSystemScanner, unreadable: inout [ScanProblem]) {
        switch step {
        case .folder(let path):
            enter(path)
        case .file(let path, let name, let root, let info):
            let date: Double
            if let folder, let row = known.row(named: name, in: folder),
               row.size == info.size, row.modified == info.modified {
                guard row.isMedia else { return }
                date = MediaListing.date(capture: row.capture, modified: info.modified)
            } else {
                guard let file = scanner.examine(path, name: name, root: root, info: info, unreadable: &unreadable) else { return }
                date = MediaListing.date(capture: file.metadata.captureDate?.seconds, modified: file.modified)
            }
            guard listed.insert(info.key) else { return }
            listing.append(path, date: date)
        }
    }
}
