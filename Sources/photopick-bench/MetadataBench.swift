import Foundation
import PhotoPickCore
import PhotoPickSystem
import PhotoPickMedia

/// Section 2: the metadata of 1,000 camera-style JPEGs (date, orientation, size, camera…),
/// against `exiv2 -pt` printing every tag of the same files in one process. Ours on one
/// thread, as the reference; and the scanner's whole verifying step (sniffing 512 bytes,
/// then the metadata), which is what a file new to the index costs. The target for
/// both: at least as fast as exiv2 (≤ 1×).
enum MetadataBench {
    static let section = "2 metadata"

    static func run(_ table: inout BenchTable) throws {
        try BenchLibraries.ensure100k()
        let files = (0..<1_000).map { BenchLibraries.photoPath($0) }
        guard let exiv2 = Peers.which("exiv2") else {
            throw BenchError("exiv2 is not installed (make bench installs it)")
        }
        let reference = median((0..<4).map { _ in wallMs { Peers.run([exiv2, "-pt"] + files) } }.dropFirst().map { $0 })
        table.add(section: section, "reference: exiv2 -pt, 1,000 JPEGs, one process", ms: reference, reference: reference,
                  note: "every tag of each file, printed")

        let reader = Exiv2MetadataReader()
        let probe = MediaProbe(sniffer: GIOContentTypeSniffer(), metadataReader: reader)
        let paths = files.map { RawPath($0) }
        // As the scan reads a file new to the index, through the probe's own metadata step:
        // its head as the probe reads it (which serves the sniffer too), the header walked
        // once (a JPEG's Exif IFDs), read on only when it runs past that head, else the file.
        var dated = 0
        let ours = median((0..<4).map { _ in
            wallMs {
                dated = 0
                for path in paths {
                    let metadata = RegularFile(path).map { probe.metadata(of: $0, path: path, mimeType: "image/jpeg", modified: 0) }
                    if metadata?.dateSource == .exif { dated += 1 }
                }
            }
        }.dropFirst().map { $0 })
        table.add(section: section, "photopick: Exiv2MetadataReader, 1,000 JPEGs", ms: ours, reference: reference,
                  target: .ratioAtMost(1), note: "\(dated) EXIF dates; one thread; head read + Exif IFDs")
        var openedDated = 0
        let opened = median((0..<4).map { _ in
            wallMs {
                openedDated = 0
                for path in paths where reader.metadata(for: path, mimeType: "image/jpeg", modified: 0).dateSource == .exif {
                    openedDated += 1
                }
            }
        }.dropFirst().map { $0 })
        table.add(section: section, "photopick: the same, exiv2 opening each file", ms: opened, reference: reference,
                  note: "\(openedDated) EXIF dates; the path for files the head does not settle")

        let roots = BenchLibraries.first1000Folders.map { RawPath($0) }
        let scanner = FileSystemScanner(roots: roots, sniffer: GIOContentTypeSniffer(), metadataReader: reader)
        var found = 0
        let scan = median((0..<4).map { _ in wallMs { found = scanner.scanAll().files.count } }.dropFirst().map { $0 })
        table.add(section: section, "photopick: scan with sniffing + metadata, 1,000", ms: scan, reference: reference,
                  target: .ratioAtMost(1),
                  note: "\(found) found; stat + one head read (sniff; a JPEG's Exif) + metadata, one thread, no index")
    }
}
