/// The code of a Swift file with its comments and string literals blanked, so that a name
/// mentioned in prose or in a message is not taken for a use. The code inside a string's
/// interpolation (`"\(name)"`, `#"\#(name)"#`) is code and stays. Handles nested block
/// comments, multi-line strings and raw strings with any number of `#`. Bare `/regex/`
/// literals are not recognised (Core has none). `keepingLines` keeps the line breaks of what
/// it blanks, so that line `n` of the code is line `n` of the source.
enum SwiftCodeText {
    static func code(of source: String, keepingLines: Bool = false) -> String {
        var scanner = Scanner(Array(source.unicodeScalars), keepingLines: keepingLines)
        scanner.code(insideInterpolation: false)
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scanner.out)
        return String(text)
    }

    private struct Scanner {
        let s: [Unicode.Scalar]
        let keepingLines: Bool
        var i = 0
        var out: [Unicode.Scalar] = []

        init(_ scalars: [Unicode.Scalar], keepingLines: Bool) {
            s = scalars
            self.keepingLines = keepingLines
        }

        /// Passes over one blanked scalar, keeping it if it is a line break to keep.
        mutating func skip() {
            if keepingLines, at(i) == "\n" { out.append("\n") }
            i += 1
        }

        func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }

        /// Whether `text` starts at `k`.
        func matches(_ text: String, at k: Int) -> Bool {
            var j = k
            for c in text.unicodeScalars {
                guard at(j) == c else { return false }
                j += 1
            }
            return true
        }

        /// Copies code until the end, or, inside an interpolation, past the `)` that closes it.
        mutating func code(insideInterpolation: Bool) {
            var parens = 0
            while let c = at(i) {
                if matches("//", at: i) {
                    while let d = at(i), d != "\n" { i += 1 }
                    out.append(" ")
                } else if matches("/*", at: i) {
                    blockComment()
                } else if c == "#" || c == "\"", let hashes = stringOpening() {
                    string(hashes: hashes)
                } else {
                    if insideInterpolation {
                        if c == "(" { parens += 1 }
                        if c == ")" {
                            if parens == 0 { i += 1; return }
                            parens -= 1
                        }
                    }
                    out.append(c)
                    i += 1
                }
            }
        }

        /// Skips a block comment; Swift's nest.
        mutating func blockComment() {
            var depth = 0
            while at(i) != nil {
                if matches("/*", at: i) { depth += 1; i += 2 } else if matches("*/", at: i) {
                    depth -= 1; i += 2
                    if depth == 0 { break }
                } else { skip() }
            }
            out.append(" ")
        }

        /// At `#…#"` or `"`: the number of `#`; nil when the `#` start something else (`#if`).
        func stringOpening() -> Int? {
            var j = i
            while at(j) == "#" { j += 1 }
            return at(j) == "\"" ? j - i : nil
        }

        /// Skips a string literal opened at `i` with `hashes` `#`, keeping its interpolations' code.
        mutating func string(hashes: Int) {
            let delimiter = String(repeating: "#", count: hashes)
            i += hashes
            let multiLine = matches("\"\"\"", at: i)
            i += multiLine ? 3 : 1
            let closing = (multiLine ? "\"\"\"" : "\"") + delimiter
            let escape = "\\" + delimiter
            out.append(" ")
            while at(i) != nil {
                if matches(closing, at: i) {
                    i += closing.unicodeScalars.count
                    break
                } else if matches(escape, at: i) {
                    i += escape.unicodeScalars.count
                    if at(i) == "(" {
                        i += 1
                        out.append(" ")
                        code(insideInterpolation: true)
                        out.append(" ")
                    } else {
                        skip()  // the escaped character: `\"` does not close the string
                    }
                } else {
                    skip()
                }
            }
            out.append(" ")
        }
    }
}
