import PhotoPickCore

/// A file the listing pass of a two-pass scan could not settle, in 40 bytes: a million of
/// them wait through the verifying pass (56 bytes each with its root path and whole
/// `FileInfo`). Its path is a place in `CandidateOrigins`' arena (a path array each, about
/// 120 bytes, stayed alive through the pass once the library kept its paths in an arena of
/// its own); its device and root are positions there too, as a library has few of each.
struct Candidate: Sendable {
    let path: PathArena.Ref
    let size: Int64
    let modified: Double
    let inode: UInt64
    let device: UInt32
    let root: UInt32
}

/// The paths, devices and roots that candidates name by place; freed with the scan.
struct CandidateOrigins: Sendable {
    private var paths = PathArena()
    private var devices: [UInt64] = []
    private var roots: [RawPath] = []

    /// The candidate for a file found under `root`, whatever `info` holds.
    mutating func candidate(_ path: RawPath, root: RawPath, info: FileSystemScanner.FileInfo) -> Candidate {
        Candidate(path: paths.store(path), size: info.size, modified: info.modified, inode: info.key.inode,
                  device: Self.position(of: info.key.device, in: &devices), root: Self.position(of: root, in: &roots))
    }

    func path(_ c: Candidate) -> RawPath { paths.path(c.path) }

    func root(_ c: Candidate) -> RawPath { roots[Int(c.root)] }

    func info(_ c: Candidate) -> FileSystemScanner.FileInfo {
        .init(regularFile: FileIdentity(device: devices[Int(c.device)], inode: c.inode), size: c.size, modified: c.modified)
    }

    /// Where `value` is in `list`, added at the end if new (the last one first: files come
    /// folder by folder, root by root).
    private static func position<T: Equatable>(of value: T, in list: inout [T]) -> UInt32 {
        if let last = list.last, last == value { return UInt32(list.count - 1) }
        if let i = list.firstIndex(of: value) { return UInt32(i) }
        list.append(value)
        return UInt32(list.count - 1)
    }
}
