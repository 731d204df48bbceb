import Foundation

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

    /// Reads the `[Thumbnailer Entry]` group of a key file; nil without `Exec` or `MimeType`.
    public init?(keyFile text: String, name: String) {
        var group = "", values: [String: String] = [:]
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") { group = String(line.dropFirst().dropLast()); continue }
            guard group == "Thumbnailer Entry", let eq = line.firstIndex(of: "=") else { continue }
            let key = line[..<eq].trimmingCharacters(in: .whitespaces)
            if values[key] == nil { values[key] = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces) }
        }
        guard let exec = values["Exec"].map(Self.unescape), !exec.isEmpty, let mimes = values["MimeType"] else { return nil }
        self.init(name: name, tryExec: values["TryExec"].map(Self.unescape).flatMap { $0.isEmpty ? nil : $0 },
                  exec: exec, mimeTypes: Self.list(mimes))
    }

    /// The program and its arguments for one file: the `Exec` line split as GLib splits it
    /// (`ShellWords`), then in each argument `%s` becomes the size in pixels, `%u` the file's
    /// URI, `%i` its path, `%o` the output file and `%%` a percent sign; other codes are
    /// dropped, as GNOME drops them. Throws when the line does not split, or names no input
    /// (`%u`/`%i`) or no output (`%o`).
    ///
    /// Arguments are bytes, as the kernel takes them: `%i` is the path's exact bytes, so a
    /// file name that is not UTF-8 reaches the thumbnailer unchanged.
    public func argv(size: Int, inputURI: String, inputPath: RawPath, output: String) throws -> [[UInt8]] {
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

    /// `argv` as strings, for a path that is text.
    public func arguments(size: Int, inputURI: String, inputPath: String, output: String) throws -> [String] {
        try argv(size: size, inputURI: inputURI, inputPath: RawPath(inputPath), output: output)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// Key-file string escapes: `\s` `\n` `\t` `\r` `\\`.
    static func unescape(_ value: String) -> String {
        guard value.contains("\\") else { return value }
        var out = ""
        var chars = value.makeIterator()
        while let c = chars.next() {
            guard c == "\\", let next = chars.next() else { out.append(c); continue }
            switch next {
            case "s": out.append(" ")
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            default: out.append(next)
            }
        }
        return out
    }

    /// A key-file list: `;`-separated, `\;` for a literal semicolon, empty items dropped.
    static func list(_ value: String) -> [String] {
        var items: [String] = [], item = ""
        var chars = value.makeIterator()
        while let c = chars.next() {
            if c == "\\", let next = chars.next() {
                if next == ";" { item.append(";") } else { item.append(contentsOf: unescape("\\\(next)")) }
            } else if c == ";" {
                if !item.isEmpty { items.append(item) }
                item = ""
            } else {
                item.append(c)
            }
        }
        if !item.isEmpty { items.append(item) }
        return items
    }
}
