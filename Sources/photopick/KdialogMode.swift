import Foundation
import PhotoPickCore

/// photopick in kdialog's place: `photopick --kdialog …`, or run through a link called
/// `kdialog` in a folder early on PATH. The open dialogs (`--getopenfilename`,
/// `--getopenurl`) show the picker and answer as kdialog does; every other dialog is handed
/// to the real kdialog when one is installed, else refused (exit 2).
enum KdialogMode {
    /// The version a caller reads from `kdialog --version` (Chromium chooses its filter form
    /// by it; 19.12 and later take Qt's `Name (*.jpg *.png)` form, which photopick reads).
    static let version = "kdialog 19.12.0 (photopick \(PhotopickVersion.string))"

    /// kdialog's arguments, when this run is one: photopick called as `kdialog`, or with
    /// `--kdialog` first.
    static func arguments(_ raw: RawArguments) -> [[UInt8]]? {
        let program = CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent }
        if program == "kdialog" { return raw.argv }
        if raw.argv.first == Array("--kdialog".utf8) { return Array(raw.argv.dropFirst()) }
        return nil
    }

    static func run(_ argv: [[UInt8]]) -> Int32 {
        let line: KdialogCommandLine
        do {
            line = try KdialogCommandLine.parse(argv)
        } catch {
            return fail("\(error)")
        }
        if line.help {
            return handOn(argv, "kdialog --help") {
                print(helpText)
                return 0
            }
        }
        if line.version {
            return handOn(argv, "kdialog --version") {
                print(version)
                return 0
            }
        }
        guard let options = KdialogOptions(line) else {
            var dialog = "kdialog without a dialog option"
            if case .other(let name) = line.dialog { dialog = "kdialog \(name)" }
            return handOn(argv, dialog) {
                fail("\(dialog): photopick only opens files, and no other kdialog is installed to hand it to")
            }
        }
        if let unknown = line.unknown.first { return fail("kdialog has no option \(unknown)") }
        var invocation = ChooserInvocation()
        invocation.kdialog = options
        do {
            return try ChooserRun.run(invocation)
        } catch {
            return fail(bytes: (error as? UserError)?.bytes ?? Array("\(error)".utf8))
        }
    }

    /// Runs the real kdialog in this process's place with the same arguments; `otherwise`
    /// when there is none. A "kdialog" that runs photopick again is refused, not looped through.
    private static func handOn(_ argv: [[UInt8]], _ what: String, otherwise: () -> Int32) -> Int32 {
        switch RealKdialog.find() {
        case .found(let real):
            return fail(RealKdialog.exec(real, argv))
        case .none:
            return otherwise()
        case .loop:
            return fail("\(what): the kdialog photopick handed this to runs photopick again (\(RealKdialog.handOffVariable) is set); "
                        + "put the real kdialog after photopick's kdialog link on PATH")
        }
    }

    @discardableResult
    private static func fail(_ message: String) -> Int32 { fail(bytes: Array(message.utf8)) }

    private static func fail(bytes: [UInt8]) -> Int32 {
        FileHandle.standardError.write(Data(Array("photopick: ".utf8) + bytes + [0x0A]))
        return ExitStatus.error
    }

    static let helpText = """
        Usage: kdialog --getopenfilename [startDir] [filter] [options]
               kdialog --getopenurl [startDir] [filter] [options]

        photopick's kdialog drop-in: the open dialogs show photopick's grid and print what
        kdialog prints (exit status 0 picked, 1 cancelled). Every other dialog is handed to
        the real kdialog when one is installed.

        Options:
          --multiple          Allow more than one file.
          --separate-output   With --multiple: one file per line (else separated by spaces).
          --title <text>      The window title.
          --attach <winid>    Be transient for this X11 window (decimal, or hexadecimal after 0x).
          --icon <icon>       Accepted and ignored.

        Filters: "*.jpg *.png|Images" lines separated by \\n, "Images (*.jpg *.png)|All (*)",
        or MIME types: "image/jpeg image/png".
        """
}
