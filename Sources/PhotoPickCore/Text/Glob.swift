/// A file-name pattern in the shell's style, matched case-insensitively against a whole name:
/// `*` any run of characters, `?` one character, `[abc]` one of a set, `[a-z]` a range,
/// `[!x]` (or `[^x]`) anything but. `\` makes the next character literal. A `[` without a
/// closing `]` is literal. Works on Unicode scalars, so `?` matches `é` as one character.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    private let tokens: [Token]

    private enum Token: Sendable, Hashable {
        case literal(Unicode.Scalar)
        case any          // ?
        case star         // *
        case set(ranges: [ClosedRange<Unicode.Scalar>], negated: Bool)
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        self.tokens = Self.parse(Array(Self.folded(pattern).unicodeScalars))
    }

    public var description: String { pattern }

    public func matches(_ name: String) -> Bool {
        Self.match(tokens[...], Self.foldedScalars(name)[...])
    }

    private static func folded(_ s: String) -> String { s.lowercased() }

    /// `Array(name.lowercased().unicodeScalars)` without lowercasing whole strings: names are
    /// matched by the hundred thousand, and nearly all are ASCII.
    private static func foldedScalars(_ name: String) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                let v = scalar.value
                out.append(v >= 0x41 && v <= 0x5A ? Unicode.Scalar(UInt8(v + 0x20)) : scalar)
            } else {
                out.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            }
        }
        return out
    }

    private static func parse(_ p: [Unicode.Scalar]) -> [Token] {
        var tokens: [Token] = []
        var i = 0
        while i < p.count {
            let c = p[i]
            switch c {
            case "*":
                if tokens.last != .star { tokens.append(.star) }  // `**` is `*`
                i += 1
            case "?":
                tokens.append(.any)
                i += 1
            case "\\" where i + 1 < p.count:
                tokens.append(.literal(p[i + 1]))
                i += 2
            case "[":
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

    /// Parses `[...]` starting at `open`; nil when it never closes. A `]` right after the
    /// opening (or after `!`) is a member, as in the shell.
    private static func parseSet(_ p: [Unicode.Scalar], from open: Int) -> (Token, Int)? {
        var i = open + 1
        var negated = false
        if i < p.count, p[i] == "!" || p[i] == "^" { negated = true; i += 1 }
        var ranges: [ClosedRange<Unicode.Scalar>] = []
        var first = true
        while i < p.count {
            if p[i] == "]" && !first { return (.set(ranges: ranges, negated: negated), i + 1) }
            first = false
            var low = p[i]
            if low == "\\", i + 1 < p.count { i += 1; low = p[i] }
            if i + 2 < p.count, p[i + 1] == "-", p[i + 2] != "]" {
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
    private static func match(_ tokens: ArraySlice<Token>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
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
