#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// The media a listing found (`FileSystemScanner.listMedia`), in walk order: each path's
/// bytes in one arena and its date in a column, no asset per file. Enough for `photopick
/// list`'s lines: the paths in the albums' order.
public struct MediaListing: Sendable {
    private var pathBytes: [UInt8] = []
    /// Start of each path in `pathBytes`, and one past the last.
    private var pathStarts: [Int] = [0]
    /// `Asset.dateSeconds` of each file.
    public private(set) var dates: [Double] = []
    /// Folders and files that could not be read, as a scan reports them.
    public internal(set) var problems: [ScanProblem] = []

    public init() {}

    /// Room for as many files as `known` holds, with paths as long as theirs on average: a
    /// warm listing then grows no column (a million-file arena doubled is copied 20 times).
    init(reservingFor known: KnownFiles) {
        let files = min(known.count, 1 << 24)
        dates.reserveCapacity(files)
        pathStarts.reserveCapacity(files + 1)
        pathBytes.reserveCapacity(min(files * known.averagePathLength, 1 << 32))
    }

    /// A name that may be the companion of a pair (a movie, a RAW file): the listing then
    /// cannot print what the library would, which shows a pair once (`PairTable`).
    public private(set) var mayHoldPairs = false

    mutating func append(_ path: RawPath, date: Double) {
        if !mayHoldPairs, PairCompanionName.matches(path.bytes) { mayHoldPairs = true }
        pathBytes.append(contentsOf: path.bytes)
        pathStarts.append(pathBytes.count)
        dates.append(date)
    }

    /// `append(folder.appending(component: name), date:)` without making that path.
    mutating func append(folder: RawPath, name: UnsafeRawBufferPointer, date: Double) {
        pathBytes.append(contentsOf: folder.bytes)
        if folder.bytes.last != UInt8(ascii: "/") { pathBytes.append(UInt8(ascii: "/")) }
        pathBytes.append(contentsOf: name)
        pathStarts.append(pathBytes.count)
        dates.append(date)
    }

    /// What `Asset.dateSeconds` is for a file with this capture time (as read, not yet
    /// validated) and modification time: the capture time when it is a date at all, else the
    /// modification time clamped into `RepresentableTime`, as `Asset` keeps it.
    public static func date(capture: Double?, modified: Double) -> Double {
        if let capture, RepresentableTime.contains(capture) { return capture }
        return RepresentableTime.clamped(modified)
    }

    /// Positions newest first, equal dates by path: the order of every album (`AlbumMembers`).
    /// Sorted by a key that orders the dates as integers (`DateOrder`), so only a run of
    /// equal dates compares paths.
    public func newestFirst() -> [Int] {
        var order = DateOrder.newestFirst(dates)
        pathStarts.withUnsafeBufferPointer { starts in
            pathBytes.withUnsafeBytes { bytes in
                DateOrder.sortRunsOfEqualDates(&order, dates: dates) { a, b in
                    KnownFiles.compare(UnsafeRawBufferPointer(rebasing: bytes[starts[a]..<starts[a + 1]]),
                                       UnsafeRawBufferPointer(rebasing: bytes[starts[b]..<starts[b + 1]])) < 0
                }
            }
        }
        return order
    }

    /// The `lines` format of the paths at `order`: raw bytes, one a line, a path holding a
    /// newline quoted (`LineQuoting`), as `AssetFormatter.lines` writes them.
    public func writeLines(_ order: [Int], to output: inout BufferedOutput) throws {
        try pathStarts.withUnsafeBufferPointer { starts in
            try pathBytes.withUnsafeBytes { bytes in
                // One search of the whole arena: mostly no path holds a newline, and then none is
                // searched on its own (a million short searches cost more than one long one).
                let anyNewline = bytes.count > 0 && memchr(bytes.baseAddress!, 0x0A, bytes.count) != nil
                for i in order {
                    let path = UnsafeRawBufferPointer(rebasing: bytes[starts[i]..<starts[i + 1]])
                    if anyNewline, path.count > 0, memchr(path.baseAddress!, 0x0A, path.count) != nil {
                        try LineQuoting.line(for: Array(path)).withUnsafeBytes { line in try output.write(line) }
                    } else {
                        try output.write(path)
                    }
                    try output.write(byte: 0x0A)
                }
            }
        }
    }
}
