/// One run of the chooser as the command line describes it, turned into a plan: the
/// session's configuration, what goes to stdout, and where the response file goes.
/// Every usage error is found here, before a window opens, with a one-line reason.
public struct ChooserInvocation: Sendable {
    /// What the options ask that a request file can ask too (title, accept label, single or
    /// multiple, max, min), held in the request's own model: the command line is one more
    /// layer over the request file, not a second copy of its fields.
    public var options = ChooserRequest()
    /// `--select`, as bytes: paths (relative to the current folder) or `file://` URIs.
    public var preselect: [[UInt8]] = []
    public var kinds: AssetRestriction.Kinds?
    public var mimeTypes: [String] = []
    public var patterns: [String] = []
    public var filters: [String] = []
    public var album: String?
    public var group: AssetGrouping?
    public var sort: AssetSort?
    public var copy: Bool?
    /// `--parent-window`, as the portal writes it (`x11:XID`, `wayland:HANDLE`).
    public var parentWindow: String?
    /// `--modal`: modal for the parent window.
    public var modal = false
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

    public init() {}

    public struct Plan: Sendable {
        public var configuration: PickerConfiguration
        /// What to print on stdout when files are picked; nil prints nothing.
        public var stdout: OutputSpec?
        public var responsePath: RawPath?
        /// Problems that do not stop the run, one line each.
        public var warnings: [String]
    }

    public typealias Invalid = ChooserRequest.Invalid

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

        // The request file first; the command line overrides it field by field.
        var request = ChooserRequest()
        if let file = portal ?? self.request {
            let path = file == Array("-".utf8) ? nil : try resolve(file, "--\(portal != nil ? "portal" : "request")", cwd)
            let parsed = try RequestParser.parse(try readRequest(path))
            warnings += parsed.warnings
            request = parsed.request
            // The portal's default: a parented chooser is modal unless the request says otherwise.
            if request.modal == nil { request.modal = true }
            if let folder = request.folders?.first, PathArgument.kind(of: folder) != .directory {
                throw Invalid("request: 'current_folder' ", path: folder.bytes, " is not a folder")
            }
        }
        var output: OutputSpec? = format.map(OutputSpec.format) ?? (print0 ? .format(.null) : nil)
        if let zenity {
            let translation = try zenity.translate(cwd: cwd)
            warnings += translation.warnings
            request = request.overriding(with: translation.request)
            output = translation.output
        }
        if let kdialog {
            let translation = try kdialog.translate(cwd: cwd)
            warnings += translation.warnings
            request = request.overriding(with: translation.request)
            output = translation.output
        }
        request = request.overriding(with: try commandLineRequest(cwd: cwd))

        var configuration = try request.configuration(defaultRoots: defaultRoots())
        configuration.restriction = try restriction()
        configuration.initialAlbum = album
        if let group { configuration.grouping = group }
        if let sort { configuration.sort = sort }
        warnings += preselectWarnings(configuration)

        let answersElsewhere = portal != nil || response != nil
        configuration.copyMode = copy ?? (!stdoutHasReader && output == nil && !answersElsewhere)
        if configuration.copyMode {
            output = nil
            if request.acceptLabel == nil { configuration.acceptLabel = tr("Copy") }
        } else if output == nil && !answersElsewhere {
            output = .format(.lines)
        }
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
        if copy == true {
            let other = zenity != nil ? "--file-selection" : format != nil ? "--format" : print0 ? "--print0"
                : response != nil ? "--response" : portal != nil ? "--portal" : nil
            if let other { throw Invalid("--copy hands the files over on the clipboard; it cannot be combined with \(other)") }
        }
    }

    private func commandLineRequest(cwd: RawPath) throws -> ChooserRequest {
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
        if modal { r.modal = true }
        return r
    }

    private func restriction() throws -> AssetRestriction {
        if let bad = mimeTypes.first(where: { !MIMEPattern.isValid($0) }) {
            throw Invalid("--mime-type: '\(bad)' is not a MIME type (like image/jpeg or image/*)")
        }
        if let bad = patterns.first(where: { $0.isEmpty || $0.contains("/") }) {
            throw Invalid("--pattern: '\(bad)' cannot match a file name (patterns match names, not paths)")
        }
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

    /// `--response`/`--portal` found in raw arguments, for a run whose options did not parse:
    /// the caller waiting on that file still gets an answer.
    public static func responseArgument(in arguments: [String]) -> String? {
        var found: String?
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            if arg == "--" { break }
            for name in ["--response", "--portal"] {
                if arg == name, i + 1 < arguments.count { found = arguments[i + 1]; i += 1 }
                else if arg.hasPrefix(name + "=") { found = String(arg.dropFirst(name.count + 1)) }
            }
            i += 1
        }
        return found
    }
}
