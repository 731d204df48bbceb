import ArgumentParser
import Foundation
import PhotoPickCore
import PhotoPickGtk

/// `photopick [FOLDER…]`: the picker window.
struct Pick: PhotopickCommand {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "Open the picker window (the default command).")

    @OptionGroup var library: LibraryOptions

    @Option(help: "The window title.")
    var title: String = "Select Photos"

    func execute() throws -> Int32 {
        let configuration = PickerConfiguration(roots: try library.roots(), title: title)
        let outcome = try MainActor.assumeIsolated {
            try PickerApplication(configuration: configuration).run()
        }
        switch outcome {
        case .picked(let assets):
            FileHandle.standardOutput.write(Data(AssetFormatter().lines(assets)))
            return ExitStatus.picked
        case .cancelled:
            return ExitStatus.cancelled
        }
    }
}
