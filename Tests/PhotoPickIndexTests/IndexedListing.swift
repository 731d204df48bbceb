import PhotoPickCore
import PhotoPickIndex

/// A complete listing of a set of library roots, as the index last saw it, collected from
/// what `listedFiles` hands out (the window builds its library from those rows instead).
struct IndexedListing {
    let roots: [RawPath]
    /// When the listing pass (or the last reconcile) that recorded it ended, seconds since 1970.
    let completed: Double
    /// The media files, with their metadata, by folder then name.
    let files: [DiscoveredFile]
}

extension MetadataIndex {
    /// The library as a complete earlier pass over `roots` left it, or nil when there is none
    /// or it cannot be trusted (see `listedFiles`).
    func listing(of roots: [RawPath]) -> IndexedListing? {
        var files: [DiscoveredFile] = []
        guard let completed = listedFiles(of: roots, reserve: { files.reserveCapacity($0) }, each: { files.append($0) })
        else { return nil }
        return IndexedListing(roots: roots, completed: completed, files: files)
    }
}
