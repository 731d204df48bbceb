import PhotoPickCore

extension FileSystemScanner {
    /// The media below the roots for a one-shot listing, found as `scan` finds them but without
    /// a `DiscoveredFile` per file. The walk (same order, same links, same boundary) runs while
    /// `known` — the index's rows, read in one pass — is made on a thread of its own; then the
    /// two are merged. A file whose row has its size and time is taken from the row, with no
    /// more than the walk's `stat`; a new or changed one is sniffed and read by `examine`,
    /// which stores it in the cache. A file reached again by another link or hard link is
    /// listed once, under the first path the walk met, as `PhotoLibrary.add` keeps it.
    public func listMedia(known readKnown: @escaping @Sendable () -> KnownFiles) -> MediaListing {
        let reading = BackgroundValue(readKnown)
        var walked = WalkedFiles()
        let walkProblems = walk(preparingCache: false, entering: { walked.enter($0) }) { path, name, root, info in
            walked.append(path, nameCount: name.count, root: root, info: info)
        }
        let known = reading.value()
        var listing = MediaListing(reservingFor: known)
        listing.filesSeen = walked.count
        var unreadable: [ScanProblem] = []
        var listed = IdentitySet(minimumCapacity: min(max(1024, known.count), 1 << 24))
        walked.pathBytes.withUnsafeBytes { bytes in
            for f in walked.folders.indices {
                let folder = known.folder(walked.folders[f].path)
                for i in walked.files(ofFolder: f) {
                    let info = walked.infos[i]
                    let name = UnsafeRawBufferPointer(rebasing: bytes[walked.nameStarts[i]..<walked.pathStarts[i + 1]])
                    let date: Double
                    if let folder, let row = known.row(named: name, in: folder),
                       row.size == info.size, row.modified == info.modified {
                        guard row.isMedia else { continue }
                        date = MediaListing.date(capture: row.capture, modified: info.modified)
                    } else {
                        guard let root = walked.folders[f].root,
                              let file = examine(walked.path(i), name: walked.name(i), root: root, info: info,
                                                 unreadable: &unreadable) else { continue }
                        date = MediaListing.date(capture: file.metadata.captureDate?.seconds, modified: file.modified)
                    }
                    guard listed.insert(info.key) else { continue }
                    listing.append(UnsafeRawBufferPointer(rebasing: bytes[walked.pathStarts[i]..<walked.pathStarts[i + 1]]),
                                   date: date)
                }
            }
        }
        listing.problems = walkProblems + unreadable
        cache?.flush()
        return listing
    }
}
