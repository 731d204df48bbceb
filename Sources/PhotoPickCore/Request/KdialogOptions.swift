/// kdialog's open dialogs, `--getopenfilename [startDir] [filter]` and `--getopenurl`,
/// translated so a program that runs kdialog (Chromium on KDE does) gets photopick's grid
/// and the answer kdialog would give: single selection unless `--multiple`, kdialog's output
/// (`KdialogOutput`), its filter forms (`KdialogFilter`), and `--attach` as the parent window.
public struct KdialogOptions: Sendable, Equatable {
    public var urls = false
    public var multiple = false
    public var separateOutput = false
    public var title: String?
    /// The first argument, as bytes: a folder to open, or a file to open in its folder and pick.
    public var startDir: [UInt8]?
    public var filter: String?
    public var attach: String?

    public init() {}

    /// The open dialog of `line`; nil for any other dialog.
    public init?(_ line: KdialogCommandLine) {
        switch line.dialog {
        case .openFile: urls = false
        case .openURL: urls = true
        case .other, .none: return nil
        }
        multiple = line.multiple
        separateOutput = line.separateOutput
        title = line.title
        startDir = line.arguments.first
        filter = line.arguments.dropFirst().first.map { String(decoding: $0, as: UTF8.self) }
        attach = line.attach
    }

    public struct Translation: Sendable, Equatable {
        public var request: PickerOptions
        public var output: OutputSpec
        public var warnings: [String]
    }

    /// `home` is the user's home folder: a file dialog starts there when it knows no better,
    /// but a home is not a photo library, so the picker opens the default folders instead.
    public func translate(cwd: RawPath, home: RawPath? = KdialogOptions.home(),
                         kind: (RawPath) -> PathArgument.Kind = PathArgument.kind) throws -> Translation {
        var request = PickerOptions()
        var warnings: [String] = []
        request.multiple = multiple
        request.title = title.flatMap { $0.isEmpty ? nil : $0 }
        if let filter {
            let parsed = KdialogFilter.parse(filter)
            warnings += parsed.warnings
            if !parsed.filters.isEmpty { request.filters = parsed.filters }
        }
        if let startDir { startFolder(startDir, cwd: cwd, home: home, kind: kind, into: &request, warnings: &warnings) }
        if let attach {
            // kdialog ignores an --attach it cannot read; photopick says so.
            if let xid = ParentWindow.xid(attach) { request.parentWindow = .x11(xid) }
            else { warnings.append("--attach: '\(attach)' is not an X11 window ID; the window opens without a parent") }
        }
        let layout: KdialogOutput.Layout = !multiple ? .single : separateOutput ? .lines : .spaced
        return Translation(request: request, output: .kdialog(KdialogOutput(layout: layout, urls: urls)), warnings: warnings)
    }

    /// As kdialog: a folder opens; a file opens its folder, picked; a path that does not exist
    /// opens its folder. `:label` (KDE's remembered folders) and an empty start leave the
    /// default folders, as do the home folder and `/`.
    private func startFolder(_ bytes: [UInt8], cwd: RawPath, home: RawPath?, kind: (RawPath) -> PathArgument.Kind,
                             into request: inout PickerOptions, warnings: inout [String]) {
        guard !bytes.isEmpty, bytes.first != UInt8(ascii: ":") else { return }
        guard let path = PathArgument.resolve(bytes, relativeTo: cwd) else {
            warnings.append("start folder '\(String(decoding: bytes, as: UTF8.self))' is not a usable path; opening the default folders")
            return
        }
        let folder = kind(path) == .directory ? path : path.parent
        if folder == home || folder == RawPath("/") { return }
        guard kind(folder) == .directory else {
            warnings.append("start folder \(folder): not a folder; opening the default folders")
            return
        }
        request.folders = [folder]
        if folder != path, kind(path) == .file { request.preselect = [path] }
    }

    /// `$HOME`, as bytes.
    public static func home() -> RawPath? {
        guard let home = Host.current.environmentValue("HOME"), home.first == UInt8(ascii: "/") else { return nil }
        return PathArgument.normalized(home)
    }
}
