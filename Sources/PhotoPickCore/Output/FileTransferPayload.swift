/// The bytes file managers and chat programs expect when files are copied or dragged.
public enum FileTransferPayload {
    /// `text/uri-list` (RFC 2483): one URI per line, CRLF-terminated.
    public static func uriList(_ paths: [RawPath]) -> [UInt8] {
        paths.flatMap { Array(FileURI.encode($0).utf8) + [0x0D, 0x0A] }
    }

    /// `x-special/gnome-copied-files`: the verb, then one URI per line, no final newline
    /// (what Nautilus, Nemo, Caja and Thunar paste from).
    public static func gnomeCopiedFiles(_ paths: [RawPath]) -> [UInt8] {
        Array((["copy"] + paths.map(FileURI.encode)).joined(separator: "\n").utf8)
    }
}
