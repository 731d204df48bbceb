/// The one file-name pattern engine: `--pattern`, `--filter`, kdialog/zenity/portal filters,
/// the request's name restrictions and the search field all match through it, so a pattern
/// means the same wherever it is typed.
///
/// A pattern is matched against a whole name, as raw bytes so names that are not UTF-8 match too:
/// - the name is read as UTF-8; a byte that is not part of valid UTF-8 counts as one character
///   of its own (`?` matches it, `*` runs over it, no literal in a pattern can equal it);
/// - matching ignores case, for every script: both sides are lowercased per character with
///   Unicode's lowercase mapping (`*.jpg` matches `IMG_1.JPG`, `ÉTÉ*` matches `été.jpg`);
/// - `*` matches any run of characters (also none, also a leading `.`), `?` exactly one
///   character — a character, not a byte: `caf?.jpg` matches `café.jpg`;
/// - `[abc]` one of a set, `[a-z]` a range (compared after lowercasing), `[!x]` or `[^x]` anything
///   but; a `]` first in the set is a member, a `-` first or last is literal; a `[` that never
///   closes is literal;
/// - `\` makes the next character literal, inside a set too; a `\` at the very end is literal.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    private let tokens: [Token]

    /// A character of a name: a Unicode scalar's value, or `byteUnitBase + b` for a byte `b`
    /// that is not valid UTF-8 (above every scalar, so it never equals one).
    typealias Unit = UInt32
    private static let byteUnitBase: Unit = 0x11_0000

    private enum Token: Sendable, Hashable {
        case literal(Unit)
        case any          // ?
        case star         // *
        case set(ranges: [ClosedRange<Unit>], negated: Bool)
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        self.tokens = Self.parse(Self.foldedUnits(Array(pattern.utf8)))
    }

    public var description: String { pattern }

    /// Whether the name's bytes match.
    public func matches(_ name: some Collection<UInt8>) -> Bool {
        Self.match(tokens[...], Self.foldedUnits(name)[...])
    }

    public func matches(_ name: String) -> Bool { matches(name.utf8) }

    /// The name as lowercased units. ASCII takes a fast path: names are matched by the hundred
    /// thousand, and nearly all are ASCII.
    static func foldedUnits(_ bytes: some Collection<UInt8>) -> [Unit] {
        let b = Array(bytes)
        var out: [Unit] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            let c = b[i]
            if c < 0x80 {
                out.append(Unit(c >= 0x41 && c <= 0x5A ? c + 0x20 : c))
                i += 1
                continue
            }
            var rest = b[i...].makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            switch parser.parseScalar(from: &rest) {
            case .valid(let encoded):
                out.append(contentsOf: Unicode.UTF8.decode(encoded).properties.lowercaseMapping.unicodeScalars.map(\.value))
                i += encoded.count
            case .error(let length):
                out.append(contentsOf: b[i..<(i + length)].map { byteUnitBase + Unit($0) })
                i += length
            case .emptyInput:
                i = b.count
            }
        }
        return out
    }

    private static func parse(_ p: [Unit]) -> [Token] {
        let star = Unit(UInt8(ascii: "*")), question = Unit(UInt8(ascii: "?"))
        let backslash = Unit(UInt8(ascii: "\\")), open = Unit(UInt8(ascii: "["))
        var tokens: [Token] = []
        var i = 0
        while i < p.count {
            let c = p[i]
            switch c {
            case star:
                if tokens.last != .star { tokens.append(.star) }  // `**` is `*`
                i += 1
            case question:
                tokens.append(.any)
                i += 1
            case backslash where i + 1 < p.count:
                tokens.append(.literal(p[i + 1]))
                i += 2
            case open:
                if let (token, next) = parseSet(p, from: i) {
                    tokens.append(token)
                    i = next
                } else {
                    tokens.append(.literal(c))
                    i += 1
                }
            default:
                tokens.append(.literal(c))
                i += 1
            }
        }
        return tokens
    }

    /// Parses `[...]` starting at `open`; nil when it never closes.
    private static func parseSet(_ p: [Unit], from open: Int) -> (Token, Int)? {
        let close = Unit(UInt8(ascii: "]")), dash = Unit(UInt8(ascii: "-")), backslash = Unit(UInt8(ascii: "\\"))
        var i = open + 1
        var negated = false
        if i < p.count, p[i] == Unit(UInt8(ascii: "!")) || p[i] == Unit(UInt8(ascii: "^")) { negated = true; i += 1 }
        var ranges: [ClosedRange<Unit>] = []
        var first = true
        while i < p.count {
            if p[i] == close && !first { return (.set(ranges: ranges, negated: negated), i + 1) }
            first = false
            var low = p[i]
            if low == backslash, i + 1 < p.count { i += 1; low = p[i] }
            if i + 2 < p.count, p[i + 1] == dash, p[i + 2] != close {
                let high = p[i + 2]
                if low <= high { ranges.append(low...high) }
                i += 3
            } else {
                ranges.append(low...low)
                i += 1
            }
        }
        return nil
    }

    /// Iterative matching with backtracking to the last `*` only: linear in practice, and
    /// never exponential (the classic wildcard algorithm).
    private static func match(_ tokens: ArraySlice<Token>, _ name: ArraySlice<Unit>) -> Bool {
        var t = tokens.startIndex, n = name.startIndex
        var starT: Int?, starN = 0
        while n < name.endIndex {
            if t < tokens.endIndex {
                switch tokens[t] {
                case .star:
                    starT = t
                    starN = n
                    t += 1
                    continue
                case .any:
                    t += 1; n += 1
                    continue
                case .literal(let c) where c == name[n]:
                    t += 1; n += 1
                    continue
                case .set(let ranges, let negated) where ranges.contains { $0.contains(name[n]) } != negated:
                    t += 1; n += 1
                    continue
                default:
                    break
                }
            }
            guard let s = starT else { return false }
            // Let the last star swallow one more character and retry.
            t = s + 1
            starN += 1
            n = starN
        }
        while t < tokens.endIndex, tokens[t] == .star { t += 1 }
        return t == tokens.endIndex
    }
}
