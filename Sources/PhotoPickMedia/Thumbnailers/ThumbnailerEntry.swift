import PhotoPickCore
import PhotoPickGLib

/// One installed thumbnailer, as a `.thumbnailer` file in a `thumbnailers` data folder
/// describes it (the convention GNOME, KDE and Xfce share):
///
///     [Thumbnailer Entry]
///     TryExec=ffmpegthumbnailer
///     Exec=ffmpegthumbnailer -i %i -o %o -s %s -f
///     MimeType=video/mp4;video/webm;
public struct ThumbnailerEntry: Sendable, Hashable {
    /// The file's name without `.thumbnailer`.
    public let name: String
    public let tryExec: String?
    public let exec: String
    public let mimeTypes: [String]

    public init(name: String, tryExec: String?, exec: String, mimeTypes: [String]) {
        self.name = name
        self.tryExec = tryExec
        self.exec = exec
        self.mimeTypes = mimeTypes
    }

    static let group = "Thumbnailer Entry"

    /// Reads the `[Thumbnailer Entry]` group of a key file (with GLib's `GKeyFile`, as GNOME
    /// reads it: `KeyFile`); nil when the text is no key file, or has no `Exec` or no
    /// `MimeType`. Empty items of the `MimeType` list are dropped.
    public init?(keyFile text: String, name: String) {
        guard let file = KeyFile(text: text), let exec = file.string(Self.group, "Exec"), !exec.isEmpty,
              let mimeTypes = file.stringList(Self.group, "MimeType")?.filter({ !$0.isEmpty }) else { return nil }
        self.init(name: name, tryExec: file.string(Self.group, "TryExec").flatMap { $0.isEmpty ? nil : $0 },
                  exec: exec, mimeTypes: mimeTypes)
    }

    /// The program and its arguments for one file: the `Exec` line split as GLib splits it
    /// (`ShellWords`), then in each argument `%s` becomes the size in pixels, `%u` the file's
    /// URI, `%i` its path, `%o` the output file and `%%` a percent sign; other codes are
    /// dropped, as GNOME drops them. Throws when the line does not split, or names no input
    /// (`%u`/`%i`) or no output (`%o`).
    ///
    /// Arguments are bytes, as the kernel takes them: `%i` is the path's exact bytes, so a
    /// file name that is not UTF-8 reaches the thumbnailer unchanged.
    public func argv(size: Int, inputURI: String, inputPath: RawPath, output: String) throws(ShellWords.Failure) -> [[UInt8]] {
        var sawInput = false, sawOutput = false
        let words = try ShellWords.split(exec).map { word -> [UInt8] in
            var out: [UInt8] = []
            var chars = word.makeIterator()
            while let c = chars.next() {
                guard c == "%" else { out += c.utf8; continue }
                switch chars.next() {
                case "s": out += String(size).utf8
                case "u": out += inputURI.utf8; sawInput = true
                case "i": out += inputPath.bytes; sawInput = true
                case "o": out += output.utf8; sawOutput = true
                case "%": out += "%".utf8
                default: break
                }
            }
            return out
        }
        guard sawInput, sawOutput else {
            throw ShellWords.Failure(description: "the Exec line of \(name) names no input (%u, %i) or no output (%o)")
        }
        return words
    }
}
