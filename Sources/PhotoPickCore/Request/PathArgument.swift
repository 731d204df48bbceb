/// Paths as callers give them: `file://` URIs or plain paths, as bytes.
public enum PathArgument {
    /// The absolute, normalized path for `bytes`: a `file://` URI, an absolute path, or a
    /// relative path resolved against `cwd` (nil `cwd`: relative paths are refused). Nil if unusable.
    public static func resolve(_ bytes: [UInt8], relativeTo cwd: RawPath?) -> RawPath? {
        guard !bytes.isEmpty, !bytes.contains(0) else { return nil }
        if bytes.count >= 7, String(decoding: bytes.prefix(7), as: UTF8.self).lowercased() == "file://" {
            guard let text = String(validating: bytes, as: UTF8.self), let path = FileURI.decode(text),
                  !path.bytes.contains(0) else { return nil }
            return normalized(path.bytes)
        }
        if bytes.first == UInt8(ascii: "/") { return normalized(bytes) }
        guard let cwd else { return nil }
        return normalized(cwd.bytes + [UInt8(ascii: "/")] + bytes)
    }

    /// Drops empty and `.` components and resolves `..` textually (symbolic links are kept as given).
    public static func normalized(_ bytes: [UInt8]) -> RawPath {
        var parts: [ArraySlice<UInt8>] = []
        for part in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return RawPath(bytes: [UInt8(ascii: "/")] + Array(parts.joined(separator: [UInt8(ascii: "/")])))
    }

    public typealias Kind = PathKind

    /// What is at `path`, following symbolic links.
    public static func kind(of path: RawPath) -> Kind { Host.current.kind(of: path) }

    /// The current directory as bytes.
    public static func currentDirectory() -> RawPath { Host.current.currentDirectory() }
}
