internal import CMedia

/// Splits a command line into arguments with GLib's own `g_shell_parse_argv`, so an `Exec=`
/// line of a `.thumbnailer` file means here exactly what it means to GNOME — and is then run
/// without any shell. Quotes and backslashes are honoured as a POSIX shell would; nothing is
/// expanded (no variables, globs, `~` or command substitution). Empty text, an unterminated
/// quote or a trailing backslash are errors, with GLib's message.
public enum ShellWords {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public static func split(_ line: String) throws(Failure) -> [String] {
        var count: Int32 = 0
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
        var error: UnsafeMutablePointer<GError>?
        guard g_shell_parse_argv(line, &count, &argv, &error) != 0, let argv else {
            defer { g_clear_error(&error) }
            throw Failure(description: error.map { String(cString: $0.pointee.message) } ?? "the line does not split")
        }
        defer { g_strfreev(argv) }
        return (0..<Int(count)).map { String(cString: argv[$0]!) }
    }
}
