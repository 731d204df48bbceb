/// One run of the chooser as the command line describes it, turned into a plan: the
/// session's configuration, what goes to stdout, and where the response file goes.
/// Every usage error is found here, before a window opens, with a one-line reason.
public struct ChooserInvocation: Sendable {
    /// What the options ask in the model the request file, zenity, kdialog and the window
    /// share (title, limits, album, group, sort, copy, modal…): the command line is the top
    /// layer over the others, not a second copy of their fields. The properties below are the
    /// options still to be parsed or resolved against the current folder.
    public var options = PickerOptions()
    /// `--select`, as bytes: paths (relative to the current folder) or `file://` URIs.
    public var preselect: [[UInt8]] = []
    public var kinds: AssetRestriction.Kinds?
    public var mimeTypes: [String] = []
    public var patterns: [String] = []
    public var filters: [String] = []
    /// `--parent-window`, as the portal writes it (`x11:XID`, `wayland:HANDLE`).
    public var parentWindow: String?
    public var format: OutputFormat?
    public var print0 = false
    public var request: [UInt8]?
    public var response: [UInt8]?
    public var portal: [UInt8]?
    /// Set when `--file-selection` was given.
    public var zenity: ZenityOptions?
    /// Set in kdialog mode (`photopick --kdialog`, or run as `kdialog`).
    public var kdialog: KdialogOptions?
    /// A zenity-only option given without `--file-selection`, by name.
    public var strayZenityOption: String?
    /// The FOLDER arguments, as bytes.
    public var folders: [[UInt8]] = []
    /// `--export-dir`, as bytes: resolved against the current folder into `options.export`.
    public var exportDirectory: [UInt8]?

    public init() {}

    public struct Plan: Sendable {
        public var configuration: PickerConfiguration
        /// What to print on stdout when files are picked; nil prints nothing.
        public var stdout: OutputSpec?
        public var responsePath: RawPath?
        /// Problems that do not stop the run, one line each.
        public var warnings: [String]
    }

    public typealias Invalid = PickerOptions.Invalid

    /// Where the response goes (`--portal` or `--response`), so that even a run that fails
    /// early can answer there.
    public func responsePath(cwd: RawPath) -> RawPath? {
        (portal ?? response).flatMap { PathArgument.resolve($0, relativeTo: cwd) }
    }

    /// The plan, or the first usage error. `defaultRoots` are the folders shown when none are
    /// asked for; `stdoutHasReader` is false when started from the desktop; `readRequest`
    /// reads a request file (nil path: stdin).
    public func plan(cwd: RawPath, defaultRoots: @autoclosure () -> [RawPath], stdoutHasReader: Bool,
                     readRequest: (RawPath?) throws -> [UInt8] = RequestFile.read) throws -> Plan {
        try checkCombinations()
        var warnings: [String] = []

        // The request file first; zenity's or kdialog's options, then the command line, each
        // override what the layer below set.
        var options = PickerOptions()
        if let file = portal ?? self.request {
            let path = file == Array("-".utf8) ? nil : try resolve(file, "--\(portal != nil ? "portal" : "request")", cwd)
            let parsed = try RequestParser.parse(try readRequest(path))
            warnings += parsed.warnings
            options = parsed.request
            // The portal's default: a parented chooser is modal unless the request says otherwise.
            if options.modal == nil { options.modal = true }
            if let folder = options.folders?.first, PathArgument.kind(of: folder) != .directory {
                throw Invalid("request: 'current_folder' ", path: folder.bytes, " is not a folder")
            }
        }
        var output: OutputSpec? = format.map(OutputSpec.format) ?? (print0 ? .format(.null) : nil)
        if let zenity {
            let translation = try zenity.translate(cwd: cwd)
            warnings += translation.warnings
            options = options.overriding(with: translation.request)
            output = translation.output
        }
        if let kdialog {
            let translation = try kdialog.translate(cwd: cwd)
            warnings += translation.warnings
            options = options.overriding(with: translation.request)
            output = translation.output
        }
        options = options.overriding(with: try commandLineOptions(cwd: cwd))
        // zenity and kdialog hand back the files the user chose, as those tools do.
        if zenity != nil || kdialog != nil, options.export != nil {
            warnings.append("export options are ignored in \(zenity != nil ? "zenity" : "kdialog") mode")
            options.export = nil
        }
        // A folder the export may still create, but never a file in the way.
        if let folder = options.export?.directory, PathArgument.kind(of: folder) == .file {
            throw Invalid("export folder ", path: folder.bytes, " is not a folder")
        }

        let answersElsewhere = portal != nil || response != nil
        if options.copy == nil { options.copy = !stdoutHasReader && output == nil && !answersElsewhere }
        if options.copy == true {
            output = nil
        } else if output == nil && !answersElsewhere {
            output = .format(.lines)
        }
        let configuration = try PickerConfiguration(options, defaultRoots: defaultRoots())
        warnings += preselectWarnings(configuration)
        return Plan(configuration: configuration, stdout: output, responsePath: responsePath(cwd: cwd),
                    warnings: warnings)
    }

    private func checkCombinations() throws {
        if let stray = strayZenityOption {
            throw Invalid("\(stray) is a zenity option; it needs --file-selection")
        }
        if print0, let format, format != .null { throw Invalid("--print0 contradicts --format \(format.rawValue)") }
        if portal != nil, request != nil || response != nil {
            throw Invalid("--portal reads the request and writes the response in one file; leave out --request and --response")
        }
        if zenity != nil, format != nil || print0 {
            throw Invalid("--file-selection prints as zenity does; leave out --format and --print0")
        }
        if options.copy == true {
            let other = zenity != nil ? "--file-selection" : format != nil ? "--format" : print0 ? "--print0"
                : response != nil ? "--response" : portal != nil ? "--portal" : nil
            if let other { throw Invalid("--copy hands the files over on the clipboard; it cannot be combined with \(other)") }
        }
    }

    /// `options` with the parsed and resolved ones added.
    private func commandLineOptions(cwd: RawPath) throws -> PickerOptions {
        var r = options
        if !filters.isEmpty {
            r.filters = try filters.map { text in
                do { return try NamedFilter.parse(text) } catch let error as NamedFilter.ParseError {
                    throw Invalid("--filter: \(error)")
                }
            }
        }
        if !folders.isEmpty {
            r.folders = try folders.map { folder in
                let path = try resolve(folder, "folder", cwd)
                guard PathArgument.kind(of: path) == .directory else {
                    throw Invalid("", path: folder, ": not a folder")
                }
                return path
            }
        }
        if !preselect.isEmpty { r.preselect = try preselect.map { try resolve($0, "--select", cwd) } }
        if let parentWindow {
            do { r.parentWindow = try ParentWindow.parse(parentWindow) } catch let error as ParentWindow.Invalid {
                throw Invalid("--parent-window: \(error)")
            }
        }
        r.restriction = try restriction()
        if let exportDirectory {
            let path = try resolve(exportDirectory, "--export-dir", cwd)
            r.export = (r.export ?? ExportSettings()).overriding(with: { var s = ExportSettings(); s.directory = path; return s }())
        }
        return r
    }

    /// nil when none of `--type`, `--mime-type`, `--pattern` was given.
    private func restriction() throws -> AssetRestriction? {
        if let bad = mimeTypes.first(where: { !MIMEPattern.isValid($0) }) {
            throw Invalid("--mime-type: '\(bad)' is not a MIME type (like image/jpeg or image/*)")
        }
        if let bad = patterns.first(where: { $0.isEmpty || $0.contains("/") }) {
            throw Invalid("--pattern: '\(bad)' cannot match a file name (patterns match names, not paths)")
        }
        guard kinds != nil || !mimeTypes.isEmpty || !patterns.isEmpty else { return nil }
        return AssetRestriction(kinds: kinds ?? .all, mimeTypes: mimeTypes, patterns: patterns)
    }

    /// Preselected files that cannot be picked: missing, or outside every folder shown.
    private func preselectWarnings(_ configuration: PickerConfiguration) -> [String] {
        configuration.preselect.compactMap { path in
            if PathArgument.kind(of: path) != .file { return "cannot preselect \(path): no such file" }
            if !configuration.roots.contains(where: { path.relative(to: $0) != nil }) {
                return "cannot preselect \(path): it is not inside the folders shown"
            }
            return nil
        }
    }

    private func resolve(_ bytes: [UInt8], _ what: String, _ cwd: RawPath) throws -> RawPath {
        guard let path = PathArgument.resolve(bytes, relativeTo: cwd) else {
            throw Invalid("\(what): '\(String(decoding: bytes, as: UTF8.self))' is not a usable path or file:// URI")
        }
        return path
    }
}
