/// zenity's `--file-selection` options, translated so a script written for zenity runs
/// unchanged against photopick: single selection unless `--multiple`, paths joined by
/// `--separator` (default `|`), `--file-filter` as named filters, and `--filename` opening a
/// folder (`DIR/`) or preselecting a file in its folder; `--attach` makes the window transient
/// for the caller's X11 window.
public struct ZenityOptions: Sendable, Equatable {
    public var multiple = false
    public var separator: String?
    public var fileFilters: [String] = []
    /// As given, bytes (a file name need not be UTF-8).
    public var filename: [UInt8]?
    public var save = false
    public var directory = false
    /// `--attach`: the X11 window to be transient for (decimal, or hexadecimal after `0x`).
    public var attach: String?

    public init() {}

    public struct Translation: Sendable, Equatable {
        public var request: PickerOptions
        public var output: OutputSpec
        public var warnings: [String]
    }

    public static let defaultSeparator = "|"

    public func translate(cwd: RawPath, kind: (RawPath) -> PathArgument.Kind = PathArgument.kind) throws -> Translation {
        if save { throw PickerOptions.Invalid("--save: photopick opens files, it does not save them") }
        if directory { throw PickerOptions.Invalid("--directory: photopick picks files, not folders") }
        var request = PickerOptions()
        var warnings: [String] = []
        request.multiple = multiple
        if !fileFilters.isEmpty {
            request.filters = try fileFilters.map { text in
                do { return try NamedFilter.parse(text) } catch let error as NamedFilter.ParseError {
                    throw PickerOptions.Invalid("--file-filter: \(error)")
                }
            }
        }
        if let filename {
            guard let path = PathArgument.resolve(filename, relativeTo: cwd) else {
                throw PickerOptions.Invalid("--filename: not a usable path")
            }
            if filename.last == UInt8(ascii: "/") || kind(path) == .directory {
                if kind(path) == .directory { request.folders = [path] }
                else { warnings.append("--filename: \(path): not a folder; opening the default folders") }
            } else if kind(path.parent) == .directory {
                // zenity opens the file's folder and selects the file, if there is one.
                request.folders = [path.parent]
                if kind(path) == .file { request.preselect = [path] }
            } else {
                warnings.append("--filename: \(path.parent): not a folder; opening the default folders")
            }
        }
        if let attach {
            // zenity reads it with strtoul and ignores what it cannot use; photopick says so.
            if let xid = ParentWindow.xid(attach) { request.parentWindow = .x11(xid) }
            else { warnings.append("--attach: '\(attach)' is not an X11 window ID; the window opens without a parent") }
        }
        return Translation(request: request, output: .zenity(separator: separator ?? Self.defaultSeparator),
                           warnings: warnings)
    }
}
