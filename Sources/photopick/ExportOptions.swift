import ArgumentParser
import PhotoPickCore

/// The export options, declared once for the picker and for `photopick export`: what the
/// picked (or named) files are turned into before their paths are handed back.
struct ExportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Convert to jpeg, png or webp; keep writes the original's format where it can (JPEG otherwise).",
                               valueName: "format"))
    var convert: ExportSettings.Format?

    @Option(help: ArgumentHelp("Shrink so the long side is at most this many pixels (never enlarged).",
                               valueName: "px"))
    var maxSize: Int?

    @Option(help: ArgumentHelp("JPEG and WebP quality, 1–100 (default 85).", valueName: "1-100"))
    var quality: Int?

    @Flag(help: "Remove every location from the exports: photos keep only date, camera and exposure; videos are cleaned or refused.")
    var stripLocation = false

    @Flag(help: "Remove all metadata from the exports (location, dates, camera).")
    var stripMetadata = false

    @Option(help: ArgumentHelp("Lower the quality (then the size) until each export fits in this many bytes.",
                               valueName: "bytes"))
    var maxBytes: Int64?

    @Option(help: ArgumentHelp("Write the exports here (created if missing); default: a new private folder under ~/.cache/photopick/exports.",
                               valueName: "dir"))
    var exportDir: String?

    /// True when any option asks for an export.
    var asksForExport: Bool {
        convert != nil || maxSize != nil || quality != nil || stripLocation || stripMetadata
            || maxBytes != nil || exportDir != nil
    }

    /// Their layer of the export settings; `directory` is `--export-dir` resolved by the caller
    /// (its bytes as given, made absolute against the current folder).
    func settings(directory: RawPath?) -> ExportSettings {
        var s = ExportSettings()
        s.format = convert
        s.maxSize = maxSize
        s.quality = quality
        s.stripLocation = stripLocation ? true : nil
        s.stripMetadata = stripMetadata ? true : nil
        s.maxBytes = maxBytes
        s.directory = directory
        return s
    }
}
