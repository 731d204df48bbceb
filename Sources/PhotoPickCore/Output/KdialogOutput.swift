/// What kdialog prints after `--getopenfilename` or `--getopenurl`, byte for byte:
///
/// - one file (no `--multiple`): the path and a newline;
/// - `--multiple --separate-output`: each path followed by a newline;
/// - `--multiple` alone: each path followed by a space, then one newline (`a b \n`: kdialog
///   leaves the last space in).
///
/// Paths are raw bytes, unquoted, as kdialog prints them: a name holding a space is
/// ambiguous without `--separate-output`, one holding a newline even with it.
/// `--getopenurl` prints `file://` URLs the way Qt shows them (`QUrl::toDisplayString`):
/// percent-encoded only where a URL must be (see `displayURL`).
public struct KdialogOutput: Sendable, Equatable {
    public enum Layout: Sendable, Equatable {
        case single, spaced, lines
    }

    public var layout: Layout
    public var urls: Bool

    public init(layout: Layout, urls: Bool) {
        self.layout = layout
        self.urls = urls
    }

    public func render(_ paths: [RawPath]) -> [UInt8] {
        let items = paths.map { urls ? Self.displayURL($0) : $0.bytes }
        guard let first = items.first else { return [] }
        switch layout {
        case .single: return first + [0x0A]
        case .lines: return items.flatMap { $0 + [0x0A] }
        case .spaced: return items.flatMap { $0 + [0x20] } + [0x0A]
        }
    }

    /// `file://` and the path as Qt displays it: spaces, other printable ASCII and valid
    /// UTF-8 stay as they are; `%`, `#` and `?` (which would end or change the path), control
    /// characters and bytes that are not UTF-8 are percent-encoded.
    public static func displayURL(_ path: RawPath) -> [UInt8] {
        var out = Array("file://".utf8)
        let bytes = path.bytes
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b >= 0x80, let length = utf8SequenceLength(bytes, at: i) {
                out += bytes[i..<(i + length)]
                i += length
                continue
            }
            if b < 0x20 || b >= 0x7F || b == UInt8(ascii: "%") || b == UInt8(ascii: "#") || b == UInt8(ascii: "?") {
                out += Array("%".utf8) + hex(b)
            } else {
                out.append(b)
            }
            i += 1
        }
        return out
    }

    private static func hex(_ b: UInt8) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return [digits[Int(b >> 4)], digits[Int(b & 0xF)]]
    }

    /// The length of the valid UTF-8 sequence starting at `i`, or nil.
    private static func utf8SequenceLength(_ bytes: [UInt8], at i: Int) -> Int? {
        for length in 2...4 where i + length <= bytes.count {
            if String(validating: bytes[i..<(i + length)], as: UTF8.self) != nil { return length }
        }
        return nil
    }
}
