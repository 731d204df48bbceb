import PhotoPickCore

/// The regular files a walk met, in walk order, grouped by folder: the first half of a
/// listing (`FileSystemScanner.listMedia`), kept in one arena of path bytes and fixed-width
/// columns so the walk can run while the index is read, and the two are merged after.
struct WalkedFiles {
    struct Folder {
        let path: RawPath
        /// The files of the folder: `firstFile..<` the next folder's.
        let firstFile: Int
        var root: RawPath?
    }

    private(set) var pathBytes: [UInt8] = []
    /// Start of each file's path in `pathBytes`, and one past the last.
    private(set) var pathStarts: [Int] = [0]
    /// Where each file's name starts in `pathBytes`.
    private(set) var nameStarts: [Int] = []
    private(set) var infos: [FileSystemScanner.FileInfo] = []
    private(set) var folders: [Folder] = []

    var count: Int { infos.count }

    mutating func enter(_ folder: RawPath) {
        folders.append(Folder(path: folder, firstFile: count))
    }

    mutating func append(_ path: RawPath, nameCount: Int, root: RawPath, info: FileSystemScanner.FileInfo) {
        if folders[folders.count - 1].root == nil { folders[folders.count - 1].root = root }
        pathBytes.append(contentsOf: path.bytes)
        nameStarts.append(pathBytes.count - nameCount)
        pathStarts.append(pathBytes.count)
        infos.append(info)
    }

    /// The files of folder `f`.
    func files(ofFolder f: Int) -> Range<Int> {
        folders[f].firstFile..<(f + 1 < folders.count ? folders[f + 1].firstFile : count)
    }

    func path(_ i: Int) -> RawPath { RawPath(bytes: Array(pathBytes[pathStarts[i]..<pathStarts[i + 1]])) }
    func name(_ i: Int) -> [UInt8] { Array(pathBytes[nameStarts[i]..<pathStarts[i + 1]]) }
}
