import ArgumentParser
import Foundation
import PhotoPickCore
import PhotoPickSystem
import PhotoPickGtk

/// `photopick [OPTIONS] [FOLDER…]`: the picker window, as a chooser other programs run.
struct Pick: PhotopickCommand {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "Open the picker window (the default command).")

    @OptionGroup(title: "Picking") var selection: SelectionOptions
    @OptionGroup(title: "What the window shows") var show: ShowOptions
    @OptionGroup(title: "The window") var window: WindowOptions
    @OptionGroup(title: "Output") var output: OutputOptions
    @OptionGroup(title: "Export") var export: ExportOptions
    @OptionGroup(title: "Export") var exportWindow: ExportWindowOptions
    @OptionGroup(title: "Request and response files") var files: FileOptions
    @OptionGroup(visibility: .hidden) var zenity: ZenityCompatOptions
    @OptionGroup var library: LibraryOptions

    func execute() throws -> Int32 {
        try ChooserRun.run(invocation(RawArguments.current()))
    }

    /// The options that need no parsing beyond ArgumentParser's, in the shared model.
    private var options: PickerOptions {
        var o = PickerOptions()
        o.multiple = selection.mode.map { $0 == .multiple }
        o.maximum = selection.maximum
        o.minimum = selection.minimum
        o.pairs = selection.pairs
        o.album = show.album
        show.view.apply(to: &o)
        o.title = window.title
        o.acceptLabel = window.acceptLabel
        o.copy = window.copy
        o.modal = window.modal ? true : nil
        if export.asksForExport || exportWindow.choice {
            var settings = export.settings(directory: nil)  // --export-dir is resolved with the other paths
            settings.userChoice = exportWindow.choice ? true : nil
            o.export = settings
        }
        return o
    }

    private func invocation(_ raw: RawArguments) -> ChooserInvocation {
        var i = ChooserInvocation()
        i.options = options
        i.preselect = selection.preselect.map(raw.bytes)
        i.kinds = show.type
        i.mimeTypes = show.mimeTypes
        i.patterns = show.patterns
        i.filters = show.filters
        i.parentWindow = window.parentWindow
        i.format = output.format
        i.print0 = output.print0
        i.request = files.request.map(raw.bytes)
        i.response = files.response.map(raw.bytes)
        i.portal = files.portal.map(raw.bytes)
        if zenity.fileSelection {
            var z = ZenityOptions()
            z.multiple = selection.mode == .multiple
            z.separator = zenity.separator
            z.fileFilters = zenity.fileFilters
            z.filename = zenity.filename.map(raw.bytes)
            z.save = zenity.save
            z.directory = zenity.directory
            z.attach = zenity.attach
            i.zenity = z
        } else {
            i.strayZenityOption = zenity.zenityOnlyOptionGiven
        }
        i.folders = raw.bytes(forEach: library.folders)
        i.exportDirectory = export.exportDir.map(raw.bytes)
        return i
    }
}

/// What the window ended with, copied out of the main actor.
struct WindowResult: Sendable {
    var outcome: PickerApplication.Outcome
    /// The files the picks hand back, as `--pairs` chose among each pair's (empty unless picked).
    var handedBack: [HandedBack] = []
    var albumTitles: [AssetID: String]
    var currentFilter: NamedFilter?
    var choices: [(id: String, value: String)]
    /// After an export: what became of each pick.
    var exportReport: ExportReport?

    @MainActor
    static func run(_ plan: ChooserInvocation.Plan, exporter: (any AssetExporter)?) throws -> WindowResult {
        let app = PickerApplication(configuration: plan.configuration, version: PhotopickVersion.string)
        app.exporter = exporter
        let outcome = try app.run()
        var titles: [AssetID: String] = [:]
        var handed: [HandedBack] = []
        if case .picked(let assets) = outcome, let session = app.session {
            let library = session.library
            // Asked for, else the still; the movie when the filter in effect shows videos only.
            let choice = plan.configuration.options.pairs ?? (session.showsVideosOnly ? .video : .still)
            handed = PairHandback.files(assets, choice: choice, source: library)
            for item in handed { titles[item.asset.id] = library.title(forFolder: item.asset.path.parent) }
        }
        return WindowResult(outcome: outcome, handedBack: handed, albumTitles: titles,
                            currentFilter: app.controls?.activeFilter, choices: app.controls?.choices.pairs ?? [],
                            exportReport: app.exportReport)
    }
}

func warn(_ message: String) {
    // TRANSLATORS: a warning on stderr, after "photopick: ".
    FileHandle.standardError.write(Data(("photopick: " + tr("warning: %s", message) + "\n").utf8))
}
