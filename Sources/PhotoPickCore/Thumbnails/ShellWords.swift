/// Splits a command line into arguments the way GLib splits one (its `shell_parse_argv`), so an
/// `Exec=` line of a `.thumbnailer` file means here what it means to GNOME — and is then run
/// without any shell.
///
/// - Blanks (space, tab, newline) separate words; adjacent quoted and unquoted pieces join.
/// - `'…'` keeps everything literally; `"…"` lets a backslash escape only `"` `\` `$` `` ` ``
///   and newline (a backslash before anything else stays; an escaped newline stays too).
/// - Outside quotes a backslash takes the next character literally; backslash-newline joins lines.
/// - `#` at the start of the text or after a space or newline starts a comment to the end of the line.
/// - Unterminated quotes, a trailing backslash, and empty text are errors.
/// Nothing is expanded: no variables, globs, `~` or command substitution.
public enum ShellWords {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public static func split(_ line: String) throws -> [String] {
        let b = Array(line.utf8)
        var words: [[UInt8]] = []
        var current: [UInt8]?
        var i = 0
        func finish() {
            if let word = current { words.append(word) }
            current = nil
        }
        while i < b.count {
            switch b[i] {
            case 0x20, 0x09, 0x0A:  // space, tab, newline
                finish()
                i += 1
            case 0x23 where current == nil && (i == 0 || b[i - 1] == 0x20 || b[i - 1] == 0x0A):  // '#': a comment
                while i < b.count && b[i] != 0x0A { i += 1 }
            case 0x5C:  // '\': the next character literally; backslash-newline is removed
                guard i + 1 < b.count else { throw Failure(description: "Text ended just after a '\\' character.") }
                if b[i + 1] != 0x0A { current = (current ?? []) + [b[i + 1]] } else if current == nil { current = [] }
                i += 2
            case 0x27:  // single quotes: literal up to the next one
                guard let end = b[(i + 1)...].firstIndex(of: 0x27) else {
                    throw Failure(description: "Text ended before matching quote was found for '.")
                }
                current = (current ?? []) + b[(i + 1)..<end]
                i = end + 1
            case 0x22:  // double quotes
                var word = current ?? []
                i += 1
                var closed = false
                while i < b.count {
                    let c = b[i]
                    if c == 0x22 { closed = true; i += 1; break }
                    if c == 0x5C, i + 1 < b.count, [0x22, 0x5C, 0x24, 0x60, 0x0A].contains(b[i + 1]) {
                        word.append(b[i + 1])  // GLib keeps the newline here, unlike outside quotes
                        i += 2
                    } else {
                        word.append(c)
                        i += 1
                    }
                }
                guard closed else { throw Failure(description: "Text ended before matching quote was found for \".") }
                current = word
            default:
                current = (current ?? []) + [b[i]]
                i += 1
            }
        }
        finish()
        guard !words.isEmpty else { throw Failure(description: "Text was empty (or contained only whitespace)") }
        return words.map { String(decoding: $0, as: UTF8.self) }
    }
}
