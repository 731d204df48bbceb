/// Reads the `tEXt` chunks of a PNG file's header, without decoding any pixels.
///
/// Thumbnail validity lives in these chunks (`Thumb::URI`, `Thumb::MTime`, …), and they
/// come before the image data, so checking a cached thumbnail reads a few hundred bytes.
/// Defensive: it is handed files from a shared cache that any program may have written.
public enum PNGTextChunks {
    /// The eight bytes every PNG file starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// A text chunk larger than this is ignored (the standard's keys are short).
    static let maxChunk = 64 * 1024
    /// The last 12 bytes of every complete PNG: an empty IEND chunk and its CRC.
    public static let iendChunk: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// The keyword → text pairs found before the first `IDAT`, or nil if `bytes` is not a PNG.
    /// `bytes` may be just the file's beginning; chunks cut off at its end are skipped.
    public static func parse(_ bytes: [UInt8]) -> [String: String]? {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return nil }
        var texts: [String: String] = [:]
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length >= 0, length <= Int(Int32.max) else { return texts }
            let dataStart = offset + 8
            if type == "IDAT" || type == "IEND" { break }
            let (dataEnd, overflow) = dataStart.addingReportingOverflow(length)
            guard !overflow, dataEnd <= bytes.count else { break }
            if type == "tEXt", length <= maxChunk, let nul = bytes[dataStart..<dataEnd].firstIndex(of: 0) {
                // Keywords and text are Latin-1 in tEXt.
                let key = String(bytes[dataStart..<nul].map { Character(Unicode.Scalar($0)) })
                let value = String(bytes[(nul + 1)..<dataEnd].map { Character(Unicode.Scalar($0)) })
                if !key.isEmpty, texts[key] == nil { texts[key] = value }
            }
            offset = dataEnd + 4  // skip the CRC
        }
        return texts
    }
}
