/// One folder's files in a `LibrarySnapshot`: each path's stamp, as a `[RawPath: FileStamp]`
/// answers, in about half its memory.
///
/// At a million files the snapshot as one dictionary per folder took about 80 MB (slots of
/// 40 bytes, at most ¾ full in power-of-two storage), held through the cold window's peak.
/// Here each path is its bytes after the folder's (about 13 for a camera's name) in one
/// arena, and its stamp a 32-byte entry, the entries sorted by those bytes (binary search).
/// The device, the same for every file of a folder but a bind-mounted one, is kept once.
///
/// A path that does not start with the folder's bytes (never made by `setStamp`, which files
/// each path under its parent) shortens the shared prefix, so any key still works.
public struct FolderStamps: Sendable {
    struct Entry {
        var start: UInt32
        var length: UInt32
        var sizeBytes: Int64
        var modified: Double
        var inode: UInt64
    }

    /// The bytes every stored path starts with; nil until a path is stored.
    var folder: RawPath?
    /// Each entry's path after `folder`, where its entry says.
    var names: [UInt8] = []
    /// Sorted by name bytes, one per path.
    var entries: [Entry] = []
    /// Bytes of `names` no entry uses any more (compacted when they are half).
    var unused = 0
    /// The device of the first file stored; files on another are in `otherDevices`.
    var device: UInt64 = 0
    var otherDevices: [[UInt8]: UInt64] = [:]

    public init() {}

    /// An empty folder whose paths will start with `folder` (shared, not copied).
    public init(folder: RawPath) { self.folder = folder }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    public subscript(path: RawPath) -> FileStamp? {
        get { index(of: path).map(stamp(at:)) }
        set {
            if let newValue { set(newValue, for: path) } else { removeValue(forKey: path) }
        }
    }

    @discardableResult
    public mutating func removeValue(forKey path: RawPath) -> FileStamp? {
        guard let i = index(of: path) else { return nil }
        let old = stamp(at: i)
        let entry = entries.remove(at: i)
        if !otherDevices.isEmpty { otherDevices[Array(name(entry))] = nil }
        unused += Int(entry.length)
        if entries.isEmpty {
            names = []
            unused = 0
        } else if unused > 4096 && unused * 2 > names.count {
            compact()
        }
        return old
    }

    /// The path and stamp of the `i`-th file in byte order of the paths.
    func element(at i: Int) -> (key: RawPath, value: FileStamp) { (path(at: i), stamp(at: i)) }

    func path(at i: Int) -> RawPath {
        let prefix = folder?.bytes ?? []
        let entry = entries[i]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(prefix.count + Int(entry.length))
        bytes.append(contentsOf: prefix)
        bytes.append(contentsOf: name(entry))
        return RawPath(bytes: bytes)
    }

    func stamp(at i: Int) -> FileStamp {
        let entry = entries[i]
        var onDevice = device
        if !otherDevices.isEmpty, let other = otherDevices[Array(name(entry))] { onDevice = other }
        return FileStamp(sizeBytes: entry.sizeBytes, modified: entry.modified, device: onDevice, inode: entry.inode)
    }

    func name(_ entry: Entry) -> ArraySlice<UInt8> {
        names[Int(entry.start)..<Int(entry.start) + Int(entry.length)]
    }

    /// Where `path` is stored, if it is.
    func index(of path: RawPath) -> Int? {
        guard let suffix = suffix(of: path) else { return nil }
        let place = search(suffix)
        return place.found ? place.index : nil
    }

    /// `path`'s bytes after the folder's, or nil when it does not start with them.
    private func suffix(of path: RawPath) -> ArraySlice<UInt8>? {
        guard let folder else { return nil }
        guard path.bytes.count >= folder.bytes.count, path.bytes.starts(with: folder.bytes) else { return nil }
        return path.bytes[folder.bytes.count...]
    }

    /// Binary search for `suffix`: its index if stored, else where it would go.
    func search(_ suffix: ArraySlice<UInt8>) -> (found: Bool, index: Int) {
        names.withUnsafeBytes { arena in
            suffix.withUnsafeBytes { key in
                var low = 0, high = entries.count
                while low < high {
                    let mid = (low + high) / 2
                    let entry = entries[mid]
                    let stored = UnsafeRawBufferPointer(rebasing: arena[Int(entry.start)..<Int(entry.start) + Int(entry.length)])
                    let order = ByteOrder.compare(stored, key)
                    if order == 0 { return (true, mid) }
                    if order < 0 { low = mid + 1 } else { high = mid }
                }
                return (false, low)
            }
        }
    }

    private mutating func set(_ stamp: FileStamp, for path: RawPath) {
        cover(path)
        let suffix = path.bytes[folder!.bytes.count...]
        let place = search(suffix)
        guard !place.found else { return restamp(place.index, stamp) }
        if entries.isEmpty { device = stamp.device }
        entries.insert(Entry(start: arenaOffset(adding: suffix.count), length: UInt32(suffix.count),
                             sizeBytes: stamp.sizeBytes, modified: stamp.modified, inode: stamp.inode),
                       at: place.index)
        names.append(contentsOf: suffix)
        setDevice(stamp.device, name: suffix)
    }

    /// A new stamp for the path stored at `i`.
    mutating func restamp(_ i: Int, _ stamp: FileStamp) {
        entries[i].sizeBytes = stamp.sizeBytes
        entries[i].modified = stamp.modified
        entries[i].inode = stamp.inode
        setDevice(stamp.device, name: name(entries[i]))
    }

    private mutating func setDevice(_ onDevice: UInt64, name: ArraySlice<UInt8>) {
        if onDevice == device {
            if !otherDevices.isEmpty { otherDevices[Array(name)] = nil }
        } else {
            otherDevices[Array(name)] = onDevice
        }
    }

    /// Where `count` more name bytes would start. Entries address the arena in 32 bits: 4 GiB
    /// of names in one folder (16 million files of 255-byte names) is beyond any library.
    func arenaOffset(adding count: Int) -> UInt32 {
        precondition(names.count + count <= Int(UInt32.max), "more than 4 GiB of file names in one folder")
        return UInt32(names.count)
    }

    /// Makes the folder prefix one `path` starts with: the path's parent for the first path,
    /// else the bytes both share (each stored name takes the rest of the old prefix).
    mutating func cover(_ path: RawPath) {
        guard let folder else { return self.folder = path.parent }  // always a prefix of the path
        guard !path.bytes.starts(with: folder.bytes) else { return }
        var common = 0
        while common < Swift.min(folder.bytes.count, path.bytes.count), folder.bytes[common] == path.bytes[common] { common += 1 }
        let dropped = folder.bytes[common...]
        var renamed: [UInt8] = []
        renamed.reserveCapacity(names.count - unused + entries.count * dropped.count)
        var devices: [[UInt8]: UInt64] = [:]
        for i in entries.indices {
            let old = name(entries[i])
            let start = renamed.count
            renamed.append(contentsOf: dropped)
            renamed.append(contentsOf: old)
            if let other = otherDevices[Array(old)] { devices[Array(renamed[start...])] = other }
            entries[i].start = UInt32(start)
            entries[i].length = UInt32(renamed.count - start)
        }
        precondition(renamed.count <= Int(UInt32.max), "more than 4 GiB of file names in one folder")
        names = renamed
        unused = 0
        otherDevices = devices
        self.folder = RawPath(bytes: Array(folder.bytes[..<common]))
    }

    /// The names again, in entry order, without the bytes of removed ones.
    private mutating func compact() {
        var kept: [UInt8] = []
        kept.reserveCapacity(names.count - unused)
        for i in entries.indices {
            let start = kept.count
            kept.append(contentsOf: name(entries[i]))
            entries[i].start = UInt32(start)
        }
        names = kept
        unused = 0
    }
}
