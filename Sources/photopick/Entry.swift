import ArgumentParser
import Foundation
import PhotoPickCore
import PhotoPickGtk
import PhotoPickSystem

/// Commands return their exit status: 0 picked or listed, 1 cancelled, 2 error.
protocol PhotopickCommand: ParsableCommand {
    func execute() throws -> Int32
}

/// Exit statuses of the chooser contract.
enum ExitStatus {
    static let picked: Int32 = 0
    static let cancelled: Int32 = 1
    static let error: Int32 = 2
}

/// A failure to report as one line on stderr with exit status 2. Kept as bytes: a file
/// name in it is printed as the kernel gave it, not repaired to U+FFFD.
struct UserError: Error, CustomStringConvertible {
    let bytes: [UInt8]
    init(_ description: String) { bytes = Array(description.utf8) }
    /// `path` (raw bytes) followed by `text`.
    init(path: [UInt8], _ text: String) { bytes = path + Array(text.utf8) }
    init(bytes: [UInt8]) { self.bytes = bytes }
    var description: String { String(decoding: bytes, as: UTF8.self) }
}

enum Entry {
    static func run(_ arguments: [String]) -> Int32 {
        GettextTranslation.install()
        if let kdialog = KdialogMode.arguments(RawArguments.current()) { return KdialogMode.run(kdialog) }
        if HelpText.isRootHelp(arguments) {
            print(HelpText.root())
            return 0
        }
        var command: ParsableCommand
        do {
            command = try Photopick.parseAsRoot(arguments)
        } catch {
            // No response file: a path is taken only from options that parsed cleanly. A raw
            // scan would take `--response=FILE` that a caller smuggled in as another option's
            // value (a portal app's parent_window once was) and write over FILE.
            return report(error, usage: true)
        }
        do {
            if let runnable = command as? PhotopickCommand { return try runnable.execute() }
            try command.run()  // ArgumentParser's own commands (help)
            return 0
        } catch {
            return report(error, usage: false)
        }
    }

    /// Prints help or version (exit 0), or a one-line reason (exit 2).
    private static func report(_ error: Error, usage: Bool) -> Int32 {
        // --help and --version arrive as "errors" that exit cleanly.
        if Photopick.exitCode(for: error) == .success {
            print(Photopick.fullMessage(for: error))
            return 0
        }
        let message = (error as? UserError)?.bytes ?? Array(ParserMessage.oneLine(Photopick.message(for: error)).utf8)
        let hint = usage ? "\n" + tr("Try '%s' for more information.", "photopick --help") : ""
        FileHandle.standardError.write(Data(Array("photopick: ".utf8) + message + Array("\(hint)\n".utf8)))
        return ExitStatus.error
    }
}

struct Photopick: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photopick",
        abstract: "Pick photos and videos from a thumbnail grid; print the picked files.",
        discussion: """
            Without a command, opens the picker window on FOLDER… (default: your Pictures and
            Videos folders). Space or a click picks a photo; Return (or the Add button) prints
            the picked files' paths, one per line, in the order they were picked.

            Examples:
              photopick ~/Pictures                      pick any number, print paths
              photopick --single --type photos          pick one photo
              photopick --print0 | xargs -0 cp -t DIR   copy the picked files, any names
              photopick --format json --max 5           up to five, as JSON asset objects
              photopick --portal request.json           answer a JSON request in that file

            Exit status: 0 picked, 1 cancelled or window closed, 2 error (one line on stderr).
            'photopick --file-selection …' accepts zenity's file-selection options;
            'photopick --kdialog …' (or photopick run as 'kdialog') accepts kdialog's.
            """,
        version: PhotopickVersion.string,
        subcommands: [Pick.self, Albums.self, List.self, Export.self, Portal.self],
        defaultSubcommand: Pick.self)
}

