import ArgumentParser
import PhotoPickCore

// The picker's options, grouped as `photopick --help` shows them.

enum SelectionMode: String, EnumerableFlag {
    case single, multiple

    static func help(for value: SelectionMode) -> ArgumentHelp? {
        switch value {
        case .single: return "Pick exactly one file."
        case .multiple: return "Pick any number of files (the default)."
        }
    }
}

struct SelectionOptions: ParsableArguments {
    @Flag var mode: SelectionMode?

    @Option(name: .customLong("max"), help: ArgumentHelp("Allow at most N files to be picked.", valueName: "n"))
    var maximum: Int?

    @Option(name: .customLong("min"), help: ArgumentHelp("Require at least N files before Done.", valueName: "n"))
    var minimum: Int?

    @Option(name: .customLong("select"),
            help: ArgumentHelp("Pick this file when the window opens (repeatable; a path or file:// URI).", valueName: "path"))
    var preselect: [String] = []

    @Option(help: ArgumentHelp("What a picked Live Photo, RAW+JPEG or Motion Photo gives: still (the default), raw, video, or all (both files, still first).",
                               valueName: "files"))
    var pairs: PairsChoice?
}

struct ShowOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Show only photos, only videos, or all.", valueName: "kind"))
    var type: AssetRestriction.Kinds?

    @Option(name: .customLong("mime-type"),
            help: ArgumentHelp("Show only files of this MIME type; 'image/*' for a family (repeatable).", valueName: "type"))
    var mimeTypes: [String] = []

    @Option(name: .customLong("pattern"),
            help: ArgumentHelp("Show only files whose name matches this glob, ignoring case (repeatable).", valueName: "glob"))
    var patterns: [String] = []

    @Option(name: .customLong("filter"),
            help: ArgumentHelp("A filter the user can switch to: 'Images | *.jpg *.png' (repeatable; the first is in effect).",
                               valueName: "'name | patterns'"))
    var filters: [String] = []

    @Option(help: ArgumentHelp("Open on this album, by name as 'photopick albums' prints it.", valueName: "name"))
    var album: String?

    @OptionGroup var view: ViewOptions
}

struct WindowOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The window title.", valueName: "text"))
    var title: String?

    @Option(name: .customLong("accept-label"),
            help: ArgumentHelp("The accept button's label; the count is added ('Add 3'). '_' marks a mnemonic.", valueName: "text"))
    var acceptLabel: String?

    @Flag(inversion: .prefixedNo,
          help: "Copy the picked files to the clipboard instead of printing them; the window stays open. Default: on when nothing reads stdout (started from the desktop).")
    var copy: Bool?

    @Option(name: .customLong("parent-window"),
            help: ArgumentHelp("Make the window transient for the caller's: x11:XID (hexadecimal) or wayland:HANDLE, as the portal writes them.",
                               valueName: "id"))
    var parentWindow: String?

    @Flag(help: "With --parent-window: modal, so the caller's window waits for the picker.")
    var modal = false
}

struct OutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("How to print the picked files (default: lines).", valueName: "format"))
    var format: OutputFormat?

    @Flag(help: "Separate paths with NUL bytes (the same as --format null).")
    var print0 = false
}

struct FileOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Read a JSON request (see README) from FILE, or stdin for '-'.", valueName: "file"))
    var request: String?

    @Option(help: ArgumentHelp("Write the JSON response to FILE (atomically, mode 0600), whatever the outcome.", valueName: "file"))
    var response: String?

    @Option(help: ArgumentHelp("Read the request from FILE and replace it with the response.", valueName: "file"))
    var portal: String?
}

/// The picker's own export option, beside the ones it shares with `photopick export`.
struct ExportWindowOptions: ParsableArguments {
    @Flag(name: .customLong("export-choice"),
          help: "Let the user choose the export's size and whether location is kept, in the window (exports even without other export options).")
    var choice = false
}

/// zenity's `--file-selection` options, accepted so scripts written for zenity run unchanged.
struct ZenityCompatOptions: ParsableArguments {
    @Flag(name: .customLong("file-selection"), help: ArgumentHelp("Act as 'zenity --file-selection'.", visibility: .hidden))
    var fileSelection = false

    @Option(help: .hidden) var separator: String?
    @Option(name: .customLong("file-filter"), help: .hidden) var fileFilters: [String] = []
    @Option(help: .hidden) var filename: String?
    @Flag(help: .hidden) var save = false
    @Flag(help: .hidden) var directory = false
    /// The caller's X11 window (decimal, or hexadecimal after 0x); `--modal` is the picker's own.
    @Option(help: .hidden) var attach: String?
    // Accepted and ignored, as they change nothing for a picker.
    @Flag(name: .customLong("confirm-overwrite"), help: .hidden) var confirmOverwrite = false
    @Option(help: .hidden) var width: Int?
    @Option(help: .hidden) var height: Int?
    @Option(name: .customLong("window-icon"), help: .hidden) var windowIcon: String?

    /// The options that only mean something in zenity mode.
    var zenityOnlyOptionGiven: String? {
        if separator != nil { return "--separator" }
        if !fileFilters.isEmpty { return "--file-filter" }
        if filename != nil { return "--filename" }
        if save { return "--save" }
        if directory { return "--directory" }
        if attach != nil { return "--attach" }
        return nil
    }
}
