/// How the picked files are written to stdout (`--format`).
public enum OutputFormat: String, Sendable, CaseIterable {
    /// One absolute path per line, raw bytes; a path holding a newline is `$'…'`-quoted.
    case lines
    /// Each path followed by a NUL byte (`--print0`).
    case null
    /// One percent-encoded `file://` URI per line.
    case uri
    /// One JSON array of asset objects.
    case json
    /// One compact JSON asset object per line.
    case jsonl
}

/// Everything that decides the bytes on stdout: a format, zenity's separator-joined paths, or
/// kdialog's lines.
public enum OutputSpec: Sendable, Equatable {
    case format(OutputFormat)
    /// zenity `--file-selection`: raw paths joined by `separator`, then one newline.
    case zenity(separator: String)
    /// kdialog `--getopenfilename`/`--getopenurl` (see `KdialogOutput`).
    case kdialog(KdialogOutput)
}
