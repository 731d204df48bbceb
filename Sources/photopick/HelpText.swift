import ArgumentParser

/// `photopick --help`: the picker's own options first (that is what a new user came for),
/// then the commands. ArgumentParser alone would show only the subcommand list at the root.
enum HelpText {
    static func isRootHelp(_ arguments: [String]) -> Bool {
        arguments.count == 1 && ["--help", "-h", "help"].contains(arguments[0])
    }

    static func root() -> String {
        var pick = Pick.helpMessage(columns: nil)
        if let usage = pick.range(of: "USAGE: ") { pick = String(pick[usage.lowerBound...]) }
        pick = pick.replacingOccurrences(of: "USAGE: pick ", with: "USAGE: photopick ")
            .replacingOccurrences(of: "USAGE: photopick pick ", with: "USAGE: photopick ")
        pick = pick.replacingOccurrences(of: "OPTIONS:\n  -h, --help", with: "OPTIONS:\n  --version               Show the version.\n  -h, --help")
        let about = Photopick.configuration
        return """
            OVERVIEW: \(about.abstract)

            \(about.discussion)

            \(pick.trimmingTrailingNewlines)

            COMMANDS:
              albums [--json] [<folder> ...]
                                      Print the albums and their counts, without a window.
              list [--album <name>] [--json] [<folder> ...]
                                      Print an album's files, newest first, without a window.
              export [--convert <format>] [--max-size <px>] [--strip-location] ... <file> ...
                                      Export photos (converted, resized, location removed), print the exports.
              portal enable|disable|status
                                      Make photopick the desktop's photo chooser (xdg-desktop-portal), undo it, or say who answers.

              See 'photopick help <command>' for a command's options.
            """
    }
}

private extension String {
    var trimmingTrailingNewlines: String {
        var s = self
        while s.hasSuffix("\n") { s.removeLast() }
        return s
    }
}
