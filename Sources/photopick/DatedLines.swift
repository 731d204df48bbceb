import Glibc
import PhotoPickCore
import PhotoPickIndex
import PhotoPickOpen
import PhotoPickSystem

/// `photopick list`'s common case — every photo and video as lines, by date, unfiltered —
/// without a library model: the index read in one pass (`MetadataIndex.knownFiles`), merged
/// with the walk, both on two threads (`FileSystemScanner.listMedia`), sorted as albums are,
/// written through one buffer. The same bytes as the model's path (`PhotoLibrary` → `AssetCollection` →
/// `AssetFormatter.lines`) at a fraction of its cost per file (issue 15: a million files).
enum DatedLines {
    /// Whether this path prints what the model's would: All Photos, no filter, date order
    /// (grouping does not reorder dates, and lines carry no group titles).
    static func serves(_ shown: PickerConfiguration) -> Bool {
        shown.filter.isEmpty && (shown.sort == .dateDescending || shown.sort == .dateAscending)
    }

    /// False, having printed nothing, when the listing may hold pairs: the library decides
    /// those from the files' types and metadata, which the listing does not read.
    static func print(roots: [RawPath], sort: AssetSort) throws -> Bool {
        // No whole-file check of the index for a one-shot run (see `MetadataIndex.init`).
        let index = try? MetadataIndex(checksWholeFile: false)
        let listing = LibraryScanner.make(roots: roots, index: index).listMedia(index: index)
        guard !listing.mayHoldPairs else { return false }
        printWarnings(listing.problems)
        var order = listing.newestFirst()
        if sort == .dateAscending { order.reverse() }  // exactly the reverse, as `CollectionBuilder`
        var output = BufferedOutput(fd: STDOUT_FILENO)
        try listing.writeLines(order, to: &output)
        try output.flush()
        KeptUntilExit.keep(listing)
        return true
    }
}
