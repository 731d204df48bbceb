/// Paths kept as their folder once and their name, the names in pages of 256 KiB, each path
/// addressed by an 8-byte `Ref`.
///
/// At a million files a `RawPath` each (an array of about 60 bytes: a heap block of 112
/// with its header) cost about 120 bytes and an allocation per file; here a file costs its
/// name and a byte of length (about 16 in a camera library), and its folder is shared by
/// the folder's files. The bytes are kept exactly (they need not be UTF-8): `path(ref)`
/// gives back the path stored.
///
/// Append-only: stored bytes never move, so a ref stays valid as long as the arena (and its
/// copies) live. A path stored again takes room again, and what a removed path took is not
/// reclaimed: callers store a path once per asset, and a library's churn is small beside it.
public struct PathArena: Sendable {
    /// A stored path: its folder's position and where its name starts (page and offset).
    /// Equal refs are the same stored path; equal paths stored twice have different refs, so
    /// compare paths with `holds`, `hash` and `precedes`, never refs.
    public struct Ref: Hashable, Sendable {
        fileprivate let folder: UInt32
        fileprivate let name: UInt32
        /// A placeholder for a slot that holds no path (it names the empty path in every arena).
        public static let empty = Ref(folder: 0, name: 0)
    }

    static let pageBits = 18
    static let pageSize = 1 << pageBits
    private static let offsetMask = UInt32(pageSize - 1)
    private static let slash = UInt8(ascii: "/")

    /// Names, each its length (LEB128: one byte below 128) then its bytes; a name never
    /// spans two pages, and one longer than a page has a page of its own.
    private var pages: [[UInt8]] = []
    /// Each folder's bytes through its last slash; position 0 is "" (a path without a slash).
    private var folders: [RawPath] = [RawPath(bytes: [])]
    private var folderPositions: [RawPath: UInt32] = [RawPath(bytes: []): 0]
    /// The folder stored last: files come folder by folder, so most need no lookup.
    private var lastFolder: UInt32 = 0

    public init() {
        _ = appendName(UnsafeBufferPointer(start: nil, count: 0))  // `Ref.empty`'s name
    }

    /// How many bytes the names' pages hold (the folders are not counted).
    public var nameBytes: Int { pages.reduce(0) { $0 + $1.count } }

    public mutating func store(_ path: RawPath) -> Ref {
        path.bytes.withUnsafeBufferPointer { bytes in
            let cut = bytes.lastIndex(of: Self.slash).map { $0 + 1 } ?? 0
            let folder = position(ofFolder: UnsafeBufferPointer(rebasing: bytes[..<cut]))
            return Ref(folder: folder, name: appendName(UnsafeBufferPointer(rebasing: bytes[cut...])))
        }
    }

    /// The path stored under `ref`, in an array of exactly its size.
    public func path(_ ref: Ref) -> RawPath {
        let folder = folders[Int(ref.folder)].bytes
        return withName(ref) { name in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(folder.count + name.count)
            bytes.append(contentsOf: folder)
            bytes.append(contentsOf: name)
            return RawPath(bytes: bytes)
        }
    }

    /// The last component's bytes (after the last slash), read in place.
    public func withName<R>(_ ref: Ref, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try pages[Int(ref.name >> UInt32(Self.pageBits))].withUnsafeBufferPointer { page in
            var i = Int(ref.name & Self.offsetMask), length = 0, shift = 0
            while true {
                let byte = page[i]
                i += 1
                length |= Int(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            return try body(UnsafeBufferPointer(rebasing: page[i..<(i + length)]))
        }
    }

    /// Whether `ref` names exactly `path`, without making it.
    public func holds(_ ref: Ref, _ path: RawPath) -> Bool {
        path.bytes.withUnsafeBufferPointer { bytes in
            let cut = bytes.lastIndex(of: Self.slash).map { $0 + 1 } ?? 0
            let same = withName(ref) { name in
                name.count == bytes.count - cut
                    && ByteOrder.compare(UnsafeRawBufferPointer(name), UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[cut...]))) == 0
            }
            guard same else { return false }
            return folders[Int(ref.folder)].bytes.withUnsafeBufferPointer { folder in
                folder.count == cut
                    && ByteOrder.compare(UnsafeRawBufferPointer(folder), UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[..<cut]))) == 0
            }
        }
    }

    /// The hash `RawPath.hash(into:)` gives the stored path: the hasher takes bytes as one
    /// stream, so the folder then the name hash as the whole path does.
    public func hash(_ ref: Ref, into hasher: inout Hasher) {
        folders[Int(ref.folder)].bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        withName(ref) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Whether the path under `a` comes before the one under `b` in byte order (`RawPath <`).
    public func precedes(_ a: Ref, _ b: Ref) -> Bool {
        withName(a) { nameA in
            withName(b) { nameB in
                if a.folder == b.folder { return ByteOrder.compare(UnsafeRawBufferPointer(nameA), UnsafeRawBufferPointer(nameB)) < 0 }
                return folders[Int(a.folder)].bytes.withUnsafeBufferPointer { folderA in
                    folders[Int(b.folder)].bytes.withUnsafeBufferPointer { folderB in
                        Self.compare(folderA, nameA, folderB, nameB) < 0
                    }
                }
            }
        }
    }

    // MARK: Storing

    private mutating func position(ofFolder bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let last = folders[Int(lastFolder)].bytes
        if last.count == bytes.count,
           last.withUnsafeBytes({ ByteOrder.compare($0, UnsafeRawBufferPointer(bytes)) == 0 }) { return lastFolder }
        let folder = RawPath(bytes: Array(bytes))
        if let known = folderPositions[folder] {
            lastFolder = known
        } else {
            precondition(folders.count < Int(UInt32.max), "more folders than a path arena can number")
            lastFolder = UInt32(folders.count)
            folders.append(folder)
            folderPositions[folder] = lastFolder
        }
        return lastFolder
    }

    private mutating func appendName(_ name: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var headerSize = 1
        while name.count >> (7 * headerSize) > 0 { headerSize += 1 }
        let size = headerSize + name.count
        if pages.isEmpty || pages[pages.count - 1].count + size > Self.pageSize {
            precondition(pages.count < 1 << (32 - Self.pageBits), "more names than a path arena can hold (4 GiB)")
            pages.append([])
            pages[pages.count - 1].reserveCapacity(max(size, Self.pageSize))
        }
        let page = pages.count - 1
        let offset = pages[page].count
        var length = name.count
        repeat {
            pages[page].append(UInt8(length & 0x7F) | (length >= 0x80 ? 0x80 : 0))
            length >>= 7
        } while length > 0
        pages[page].append(contentsOf: name)
        return UInt32(page) << UInt32(Self.pageBits) | UInt32(offset)
    }

    // MARK: Byte order

    /// `ByteOrder.compare` of the concatenations `x1 + x2` and `y1 + y2`, without making them.
    private static func compare(_ x1: UnsafeBufferPointer<UInt8>, _ x2: UnsafeBufferPointer<UInt8>,
                                _ y1: UnsafeBufferPointer<UInt8>, _ y2: UnsafeBufferPointer<UInt8>) -> Int {
        let xCount = x1.count + x2.count, yCount = y1.count + y2.count
        let common = min(xCount, yCount)
        var i = 0
        while i < common {
            let x = i < x1.count ? x1[i] : x2[i - x1.count]
            let y = i < y1.count ? y1[i] : y2[i - y1.count]
            if x != y { return x < y ? -1 : 1 }
            i += 1
        }
        return xCount == yCount ? 0 : (xCount < yCount ? -1 : 1)
    }
}
