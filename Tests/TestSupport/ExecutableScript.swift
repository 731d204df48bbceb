import PhotoPickCore
import PhotoPickSystem

/// Stand-in programs the tests write and then run (workers, thumbnailers).
public enum ExecutableScript {
    /// Writes `text` to `path` as an executable (0755), through `AtomicFile`, whose descriptor
    /// is close-on-exec from the start. Written with Foundation's `Data.write`, the file was
    /// open without it: a worker another test's pool spawned at that moment inherited the
    /// write descriptor and kept it for its whole life, and running this script then failed
    /// with "Text file busy" (ETXTBSY) — the flake seen when suites ran side by side.
    public static func write(_ text: String, to path: String) throws {
        try AtomicFile.write(Array(text.utf8), to: RawPath(path), mode: 0o755)
    }
}
