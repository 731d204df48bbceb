import Foundation
import PhotoPickCore
#if canImport(Glibc)
import Glibc
#endif

/// File names that break naive chooser output: a newline, a tab, a leading dash, quotes,
/// emoji, a byte that is not UTF-8, shell and URI metacharacters.
public enum HostileNames {
    public static let names: [[UInt8]] = [
        Array("new\nline.jpg".utf8),
        Array("tab\there.jpg".utf8),
        Array("-leading dash.jpg".utf8),
        Array(#"quotes "double" 'single'.jpg"#.utf8),
        Array("emoji 📷🌅.jpg".utf8),
        [0xFF] + Array("invalid utf8.jpg".utf8),
        Array(#"back\slash $HOME %41 #?.jpg"#.utf8),
    ]

    /// A folder `Hostile` in `dir` holding one real JPEG per name, newest first in `names`
    /// order. Returns the folder and the paths in that order.
    public static func makeLibrary(in dir: TemporaryDirectory) throws -> (root: RawPath, newestFirst: [RawPath]) {
        let root = dir.path + "/Hostile"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        var paths: [RawPath] = []
        for (i, name) in names.enumerated() {
            // gdk-pixbuf writes to a plain name; the hostile name comes from a byte-exact rename.
            let plain = root + "/plain-\(i).jpg"
            try ImageFactory.write(plain, width: 96, height: 64, format: .jpeg,
                                   color: (UInt8(40 + i * 25), UInt8(200 - i * 20), 90))
            try ImageFactory.setModified(plain, 1_700_000_000 - Double(i) * 3600)
            let target = RawPath(root).appending(component: name)
            guard target.withCString({ rename(plain, $0) }) == 0 else {
                throw FactoryError("rename to \(target): \(String(cString: strerror(errno)))")
            }
            paths.append(target)
        }
        return (RawPath(root), paths)
    }

    /// Whether a file exists at exactly these bytes.
    public static func exists(_ path: RawPath) -> Bool {
        var st = stat()
        return path.withCString { stat($0, &st) } == 0
    }
}
