import PhotoPickCore

/// What a library scan tells its consumer, in this order: batches of listed files (named
/// by their file names at first), refinements of what was listed (content sniffed, EXIF
/// read), then the end, with the problems met.
public enum ScanEvent: Sendable, Hashable {
    case listed([DiscoveredFile])
    case refined(ScanRefinement)
    case finished([ScanProblem])
}
