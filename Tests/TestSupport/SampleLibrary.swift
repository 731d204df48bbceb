import Foundation

/// A small generated photo library with a known layout and a known newest-first order.
///
///     root/
///       beach.jpg                 (newest)
///       2024/Trip/trip-1.jpg … trip-4.jpg
///       Screenshots/shot-1.png, shot-2.png
///       .hidden/secret.jpg        (hidden: never listed)
///       notes.jpg                 (text with an image extension: not media)
///       readme.txt                (not media)
public struct SampleLibrary {
    public let root: String
    /// The media files, newest first (the default order).
    public let newestFirst: [String]

    public static func make(in dir: TemporaryDirectory) throws -> SampleLibrary {
        let root = dir.path + "/Pictures"
        var files: [(String, ImageFactory.Format)] = []
        for i in 1...4 { files.append(("2024/Trip/trip-\(i).jpg", .jpeg)) }
        for i in 1...2 { files.append(("Screenshots/shot-\(i).png", .png)) }
        files.append(("beach.jpg", .jpeg))
        // Oldest first on disk; each file one hour newer than the previous.
        let base = 1_700_000_000.0
        for (i, (name, format)) in files.enumerated() {
            let path = root + "/" + name
            let color = (UInt8(30 + i * 30), UInt8(200 - i * 20), UInt8(90 + i * 15))
            try ImageFactory.write(path, width: 320, height: 240, format: format, color: color)
            try ImageFactory.setModified(path, base + Double(i) * 3600)
        }
        try ImageFactory.write(root + "/.hidden/secret.jpg", width: 32, height: 32, format: .jpeg)
        try Data("just text, not a photo\n".utf8).write(to: URL(fileURLWithPath: root + "/notes.jpg"))
        try Data("readme\n".utf8).write(to: URL(fileURLWithPath: root + "/readme.txt"))
        let ordered = files.map { root + "/" + $0.0 }.reversed()
        return SampleLibrary(root: root, newestFirst: Array(ordered))
    }
}
