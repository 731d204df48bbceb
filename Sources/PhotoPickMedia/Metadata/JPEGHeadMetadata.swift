import PhotoPickCore

/// A JPEG's metadata from its first bytes alone, the bytes the scan already read to sniff
/// it: one walk over the header segments finds the Exif APP1 segment and the frame header,
/// and exiv2 decodes only that segment, instead of opening the file, guessing its format
/// and walking it again (about half of what `gexiv2_metadata_open_path` costs per file).
/// Most Exif segments do not need exiv2 at all: `ExifIFDReader` reads the few tags the
/// model uses, and hands to exiv2 only what it cannot answer exactly.
///
/// The answer must be exactly what exiv2's own JPEG reader gives, so anything this path does
/// not reproduce exactly returns nil and the caller opens the file as before: a header
/// longer than the bytes at hand, XMP or IPTC (other APP1 segments, APP13), an ICC profile
/// (exiv2 checks it and may refuse the file), more than one Exif segment or comment, a
/// marker without a length or one no ordinary header holds, or an Exif payload that is not
/// a TIFF structure.
enum JPEGHeadMetadata {
    /// How much of a file's start the scan reads: a JPEG's header segments (the Exif
    /// segment is at most 64 KiB) usually end well before this.
    static let headLength = 64 * 1024

    /// Whether these first bytes of a JPEG hold all its header segments (or show it is not
    /// one the fast path takes): reading further would change nothing here.
    static func holdsHeader(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        JPEGSegments.walk(head) { _ in true } != .truncated
    }

    /// What one walk of `head` gives.
    enum HeadReading {
        case found(MetadataFindings)
        /// The header segments run past `head`: more of the file may settle it.
        case cutShort
        /// Not one the fast path takes: exiv2 reads the file.
        case declined
    }

    static func read(_ head: UnsafeBufferPointer<UInt8>) -> HeadReading {
        let layout: Layout
        switch Layout.of(head) {
        case .taken(let taken): layout = taken
        case .cutShort: return .cutShort
        case .declined: return .declined
        }
        guard let exif = layout.exif else {
            var f = MetadataFindings()
            (f.pixelWidth, f.pixelHeight) = (layout.width, layout.height)
            f.orientation = 0  // what gexiv2 says without Exif or XMP: unspecified
            return .found(f)
        }
        let tiff = UnsafeBufferPointer(rebasing: head[exif])
        // The Swift reader for the IFDs the model uses; exiv2 for what it declines.
        guard var f = ExifIFDReader.findings(tiff) ?? Exiv2File.open(tiff: tiff)?.exifFindings() else { return .declined }
        (f.pixelWidth, f.pixelHeight) = (layout.width, layout.height)
        return .found(f)
    }

    /// Where the pieces exiv2 would read lie, when the header is one the fast path takes.
    struct Layout {
        var exif: Range<Int>?
        var width = 0, height = 0

        enum Walk {
            case taken(Layout)
            case cutShort
            case declined
        }

        private init(exif: Range<Int>?, width: Int, height: Int) {
            (self.exif, self.width, self.height) = (exif, width, height)
        }

        /// One walk: the layout, or why there is none. Cut short means every segment up to
        /// the end of `head` was one the fast path takes and the header goes on past it.
        static func of(_ head: UnsafeBufferPointer<UInt8>) -> Walk {
            var exif: Range<Int>?, size: (width: Int, height: Int)?
            var comments = 0, taken = true, cut = false
            let end = JPEGSegments.walk(head, standalone: { _ in false }) { segment in
                let start = segment.payloadStart, length = segment.declaredEnd - segment.payloadStart
                guard segment.declaredEnd <= head.count else { cut = true; return false }
                switch segment.marker {
                case 0xE1:  // Exif, once; XMP or anything else in APP1: exiv2 reads it too
                    guard exif == nil, let payload = JPEGExifOrientation.exifPayload(segment, in: head),
                          JPEGHeadMetadata.isTIFF(head, at: payload.lowerBound) else { taken = false; return false }
                    exif = payload
                case 0xE2:  // an ICC profile chunk, which exiv2 validates
                    if length >= 12, Array(head[start..<(start + 12)]) == JPEGHeadMetadata.iccSignature { taken = false; return false }
                case 0xED:  // Photoshop IRB: IPTC
                    taken = false; return false
                case 0xFE:
                    comments += 1
                    if comments > 1 { taken = false; return false }
                case 0xC0...0xCF, 0xDB, 0xDD, 0xE0...0xEF:
                    // The first frame header with a height gives the size; exiv2 refuses one under 6 bytes.
                    if segment.isFrameHeader, size == nil {
                        guard length >= 6 else { taken = false; return false }
                        let height = Int(head[start + 1]) << 8 | Int(head[start + 2])
                        let width = Int(head[start + 3]) << 8 | Int(head[start + 4])
                        guard width > 0, height > 0 else { taken = false; return false }
                        size = (width, height)
                    }
                default:  // a marker no ordinary header holds (DNL, JPEG-LS, reserved): exiv2 decides
                    taken = false; return false
                }
                return true
            }
            guard taken else { return .declined }
            if cut || end == .truncated { return .cutShort }
            guard end == .startOfScan, let size else { return .declined }
            return .taken(Layout(exif: exif, width: size.width, height: size.height))
        }
    }

    static let iccSignature: [UInt8] = Array("ICC_PROFILE".utf8) + [0]

    /// "II*\0" or "MM\0*": gexiv2 looks for the first "II" or "MM" itself, so anything else
    /// in front would make it decode from another place than exiv2's JPEG reader does.
    static func isTIFF(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard i + 8 <= b.count else { return false }
        return (b[i] == 0x49 && b[i + 1] == 0x49 && b[i + 2] == 0x2A && b[i + 3] == 0)
            || (b[i] == 0x4D && b[i + 1] == 0x4D && b[i + 2] == 0 && b[i + 3] == 0x2A)
    }
}
