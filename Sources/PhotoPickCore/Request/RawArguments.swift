/// The bytes of command-line values. Swift hands arguments over as `String`s, repairing
/// bytes that are not UTF-8 into U+FFFD, which would lose a file name; this finds the
/// argument (or the part after `--option=`) that a parsed value came from and returns
/// its original bytes.
public struct RawArguments: Sendable {
    public let argv: [[UInt8]]

    public init(_ argv: [[UInt8]]) { self.argv = argv }

    /// The original bytes of `value`; its UTF-8 when no argument decodes to it.
    public func bytes(for value: String) -> [UInt8] {
        let utf8 = Array(value.utf8)
        guard value.unicodeScalars.contains("\u{FFFD}") else { return utf8 }
        for arg in argv {
            if let found = Self.match(value, arg) { return found }
        }
        return utf8
    }

    /// The original bytes of each of `values`, which came from the command line in this
    /// order (repeated options, positional folders): each is matched to the next argument
    /// that decodes to it, so `\xFF` and `\xFE`, both repaired to U+FFFD, keep their own bytes.
    public func bytes(forEach values: [String]) -> [[UInt8]] {
        var next = 0
        return values.map { value in
            guard value.unicodeScalars.contains("\u{FFFD}") else { return Array(value.utf8) }
            for i in next..<argv.count {
                if let found = Self.match(value, argv[i]) {
                    next = i + 1
                    return found
                }
            }
            return bytes(for: value)
        }
    }

    /// `arg`, or the part after `--option=`, when it decodes to `value`.
    private static func match(_ value: String, _ arg: [UInt8]) -> [UInt8]? {
        if String(decoding: arg, as: UTF8.self) == value { return arg }
        if arg.starts(with: [0x2D, 0x2D]), let eq = arg.firstIndex(of: UInt8(ascii: "=")) {
            let tail = Array(arg[(eq + 1)...])
            if String(decoding: tail, as: UTF8.self) == value { return tail }
        }
        return nil
    }
}
