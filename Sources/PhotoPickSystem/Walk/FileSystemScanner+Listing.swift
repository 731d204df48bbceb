import PhotoPickCore

extension FileSystemScanner {
    /// The media below the roots for a one-shot listing, found as `scan` finds them but without
    /// a `DiscoveredFile` per file: the walk (same order, same links, same boundary) merged
    /// with `known`, the index's rows read in one pass. A file whose row has its size and
    /// time is taken from the row, with no more than the walk's `stat`; a new or changed one
    /// is sniffed and read by `examine`, which stores it in the cache. A file reached again
    /// by another link or hard link is listed once, under the first path the walk met, as
    /// `PhotoLibrary.add` keeps it.
    public func listMedia(known: KnownFiles) -> MediaListing {
        var listing = MediaListing(reservingFor: known)
        var unreadable: [ScanProblem] = []
        var listed = IdentitySet(minimumCapacity: min(max(1024, known.count), 1 << 24))
        var folder: KnownFiles.Folder?
        let problems = walk(preparingCache: false, entering: { folder = known.folder($0) }) { path, name, root, info in
            let date: Double
            if let folder, let row = known.row(named: name, in: folder),
               row.size == info.size, row.modified == info.modified {
                guard row.isMedia else { return }
                date = MediaListing.date(capture: row.capture, modified: info.modified)
            } else {
                guard let file = examine(path, name: name, root: root, info: info, unreadable: &unreadable) else { return }
                date = MediaListing.date(capture: file.metadata.captureDate?.seconds, modified: file.modified)
            }
            guard listed.insert(info.key) else { return }
            listing.append(path, date: date)
        }
        listing.problems = problems + unreadable
        cache?.flush()
        return listing
    }
}
