#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// What an index knew of every file, read in one pass for a one-shot listing (`photopick
/// list`): rows by folder then name in byte order, the bytes in two arenas, the values in
/// fixed-width columns — no object, string or array per row, so a million rows are a few
/// dozen allocations, and a lookup is two binary searches.
///
/// Rows are input: `append` keeps only rows that continue the byte order (a damaged index
/// that breaks it loses those rows, whose files are then simply read again) and at most
/// `maxTypes` distinct types.
public struct KnownFiles: Sendable {
    /// A row's facts, as far as a listing needs them.
    public struct Row: Sendable, Equatable {
        public let size: Int64
        public let modified: Double
        /// The type the file was sniffed as; empty for a known non-media file.
        public let mimeType: String
        /// The capture time as stored (not yet validated), if any.
        public let capture: Double?
        /// Whether the type is a photo's or a video's (`MediaKind`).
        public let isMedia: Bool
    }

    public static let maxTypes = 256

    private var folderBytes: [UInt8] = []
    /// Start of each folder's bytes in `folderBytes`, and one past the last.
    private var folderStarts: [Int] = [0]
    /// First row of each folder, and one past the last.
    private var folderRows: [Int] = [0]
    private var nameBytes: [UInt8] = []
    /// Start of each row's name in `nameBytes`, and one past the last.
    private var nameStarts: [Int] = [0]
    private var sizes: [Int64] = []
    private var modifieds: [Double] = []
    /// NaN when the row has no capture time.
    private var captures: [Double] = []
    private var typeIndexes: [UInt8] = []
    private var types: [[UInt8]] = []
    private var typeNames: [String] = []
    private var typeIsMedia: [Bool] = []

    public init() {}

    public var count: Int { sizes.count }
    public var folderCount: Int { folderStarts.count - 1 }

    /// The bytes of a row's path (folder, slash, name) on average; 0 without rows.
    var averagePathLength: Int {
        guard count > 0 else { return 0 }
        var folderShare = 0  // each folder's length once per row of it
        for f in 0..<folderCount { folderShare += (folderStarts[f + 1] - folderStarts[f]) * (folderRows[f + 1] - folderRows[f]) }
        return (folderShare + nameBytes.count) / count + 1
    }

    public mutating func reserveCapacity(_ rows: Int) {
        nameStarts.reserveCapacity(rows + 1)
        nameBytes.reserveCapacity(rows * 16)
        sizes.reserveCapacity(rows)
        modifieds.reserveCapacity(rows)
        captures.reserveCapacity(rows)
        typeIndexes.reserveCapacity(rows)
    }

    /// Adds the row of `name` in `folder`; false (and nothing added) when it does not come
    /// after the last row in byte order, or brings a type past `maxTypes`.
    @discardableResult
    public mutating func append(folder: UnsafeRawBufferPointer, name: UnsafeRawBufferPointer, size: Int64,
                                modified: Double, mimeType: UnsafeRawBufferPointer, capture: Double?) -> Bool {
        let lastFolder = folderCount - 1
        let order = lastFolder < 0 ? 1 : folderBytes.withUnsafeBytes {
            Self.compare(folder, UnsafeRawBufferPointer(rebasing: $0[folderStarts[lastFolder]..<folderStarts[lastFolder + 1]]))
        }
        if order < 0 { return false }
        if order == 0, count > folderRows[lastFolder] {
            let previous = nameBytes.withUnsafeBytes {
                Self.compare(name, UnsafeRawBufferPointer(rebasing: $0[nameStarts[count - 1]..<nameStarts[count]]))
            }
            if previous <= 0 { return false }
        }
        guard let type = typeIndex(mimeType) else { return false }
        if order > 0 {
            folderBytes.append(contentsOf: folder)
            folderStarts.append(folderBytes.count)
            folderRows.append(count)
        }
        nameBytes.append(contentsOf: name)
        nameStarts.append(nameBytes.count)
        sizes.append(size)
        modifieds.append(modified)
        captures.append(capture ?? .nan)
        typeIndexes.append(type)
        folderRows[folderRows.count - 1] = count
        return true
    }

    /// The type's index, interned: a listing holds a handful of types, so a scan of the
    /// table beats hashing each row's bytes.
    private mutating func typeIndex(_ mime: UnsafeRawBufferPointer) -> UInt8? {
        if let i = types.firstIndex(where: { $0.withUnsafeBytes { Self.compare($0, mime) == 0 } }) { return UInt8(i) }
        guard types.count < Self.maxTypes else { return nil }
        types.append(Array(mime))
        typeNames.append(String(decoding: mime, as: UTF8.self))
        typeIsMedia.append(MediaKind(mimeType: typeNames[typeNames.count - 1]) != nil)
        return UInt8(types.count - 1)
    }

    /// The rows of `folder`, if it has any.
    func rows(inFolder folder: RawPath) -> Range<Int>? {
        folder.bytes.withUnsafeBytes { key in
            folderBytes.withUnsafeBytes { all in
                var low = 0, high = folderCount
                while low < high {
                    let mid = (low + high) / 2
                    let c = Self.compare(UnsafeRawBufferPointer(rebasing: all[folderStarts[mid]..<folderStarts[mid + 1]]), key)
                    if c == 0 { return folderRows[mid]..<folderRows[mid + 1] }
                    if c < 0 { low = mid + 1 } else { high = mid }
                }
                return nil
            }
        }
    }

    /// One folder's rows with a table of their names' hashes, made as the walk enters the
    /// folder: a file is then found with a hash and, mostly, one comparison, where a binary
    /// search over a thousand names took ten.
    public struct Folder: Sendable {
        let rows: Range<Int>
        /// Row indexes by hash (open addressing); -1 is empty.
        let slots: [Int32]
    }

    /// `folder`'s rows, ready for `row(named:in:)`; nil if it has none.
    public func folder(_ folder: RawPath) -> Folder? {
        guard let rows = rows(inFolder: folder), rows.count < Int(Int32.max) else { return nil }
        var size = 16
        while size < rows.count * 2 { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        nameBytes.withUnsafeBytes { all in
            for row in rows {
                var i = Self.hash(UnsafeRawBufferPointer(rebasing: all[nameStarts[row]..<nameStarts[row + 1]])) & (size - 1)
                while slots[i] >= 0 { i = (i + 1) & (size - 1) }
                slots[i] = Int32(row - rows.lowerBound)
            }
        }
        return Folder(rows: rows, slots: slots)
    }

    /// The row of the name whose bytes `key` holds in `folder`.
    func row(named key: UnsafeRawBufferPointer, in folder: Folder) -> Row? {
        let found: Int? = nameBytes.withUnsafeBytes { all in
            let mask = folder.slots.count - 1
            var i = Self.hash(key) & mask
            while folder.slots[i] >= 0 {
                let row = folder.rows.lowerBound + Int(folder.slots[i])
                if Self.compare(UnsafeRawBufferPointer(rebasing: all[nameStarts[row]..<nameStarts[row + 1]]), key) == 0 {
                    return row
                }
                i = (i + 1) & mask
            }
            return nil
        }
        guard let i = found else { return nil }
        let type = Int(typeIndexes[i])
        return Row(size: sizes[i], modified: modifieds[i], mimeType: typeNames[type],
                   capture: captures[i].isNaN ? nil : captures[i], isMedia: typeIsMedia[type])
    }

    /// FNV-1a, finished with a multiply so the low bits (the slot) depend on every byte.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: ((h ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9) >> 16)
    }

    /// Byte order, shorter first on a common prefix: SQLite's order of blobs, and `RawPath`'s.
    static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            let c = memcmp(x, y, common)
            if c != 0 { return Int(c) }
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }
}
