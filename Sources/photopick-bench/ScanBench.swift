import Foundation
import PhotoPickCore
import PhotoPickSystem
import PhotoPickIndex
import PhotoPickMedia

/// Section 1: scanning 100,000 files in 1,000 folders, against `find` listing the same
/// tree with a `stat` of each file (`-printf '%s %T@\n'`). The window's scan has two passes:
/// the listing (readdir + stat + the index; new files by name) is what the first screen
/// waits for, and is the figure to hold to `find`; the verifying pass (sniffing 512 bytes
/// and reading EXIF of each new file) then runs behind the grid. A warm index makes the
/// listing complete: nothing is opened. Page cache warm for all (the reference too); rounds
/// alternate `find` and photopick so a passing load weighs on both alike.
enum ScanBench {
    static let section = "1 scan"

    static func run(_ table: inout BenchTable) throws {
        try BenchLibraries.ensure100k()
        let library = BenchLibraries.library100k
        guard let find = Peers.which("find") else { throw BenchError("find is not installed") }
        let runFind = { wallMs { Peers.run([find, library, "-type", "f", "-printf", "%s %T@\\n"]) } }
        let indexPath = BenchLibraries.base + "/scan-index.sqlite3"
        _ = runFind()  // warm the page cache for everyone

        var finds: [Double] = [], listing: [Double] = [], total: [Double] = [], warm: [Double] = []
        var listed = 0, verified = 0, warmListed = 0
        for _ in 0..<3 {
            finds.append(runFind())
            for suffix in ["", "-wal", "-shm"] { unlink(indexPath + suffix) }
            let cold = try scan(library, index: indexPath)
            (listed, verified) = (cold.listed, cold.verified)
            listing.append(cold.listingMs)
            total.append(cold.totalMs)
            finds.append(runFind())
            for _ in 0..<2 {
                let again = try scan(library, index: indexPath)
                warmListed = again.listed
                warm.append(again.totalMs)
            }
        }
        let findMs = median(finds)
        table.add(section: section, "reference: find -type f -printf '%s %T@' (100k)", ms: findMs, reference: findMs,
                  note: "readdir + stat of 100,000 files in 1,000 folders")
        table.add(section: section, "photopick, new library: listing pass", ms: median(listing), reference: findMs,
                  target: .ratioAtMost(2), note: "\(listed) listed by name: what the first screen waits for")
        table.add(section: section, "photopick, new library: both passes", ms: median(total), reference: findMs,
                  note: "+ sniff + EXIF of \(verified) on \(cores) threads, into the index")
        table.add(section: section, "photopick, warm index: open + whole scan", ms: median(warm), reference: findMs,
                  target: .ratioAtMost(2), note: "\(warmListed) complete with metadata, no file opened")
    }

    static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// One two-pass scan with the index at `index`, timed from before the index opens.
    private static func scan(_ library: String, index: String)
        throws -> (listingMs: Double, totalMs: Double, listed: Int, verified: Int) {
        var listed = 0, verified = 0, listingMs = 0.0
        let start = monotonicMs()
        let since = { monotonicMs() - start }
        let scanner = FileSystemScanner(roots: [RawPath(library)], sniffer: GIOContentTypeSniffer(),
                                        metadataReader: Exiv2MetadataReader(), cache: try MetadataIndex(path: index))
        scanner.scanInTwoPasses(verifyingThreads: cores, onListed: { listed += $0.count },
                                onListingFinished: { listingMs = since() }, onRefined: { verified += $0.updated.count })
        return (listingMs, since(), listed, verified)
    }
}
