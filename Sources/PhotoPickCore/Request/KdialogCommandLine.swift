/// A kdialog command line read as kdialog reads it (Qt's QCommandLineParser): `--name value`
/// or `--name=value`, options and arguments in any order, `--` ending the options. Arguments
/// stay bytes, as a start folder's name need not be UTF-8.
///
/// Only the dialog kdialog would show decides what photopick does: the open dialogs
/// (`--getopenfilename`, `--getopenurl`) are photopick's; every other dialog (save, folder,
/// message boxes…) goes to the real kdialog.
public struct KdialogCommandLine: Sendable, Equatable {
    public enum Dialog: Sendable, Equatable {
        case openFile
        case openURL
        /// Another of kdialog's dialogs, by its option (`--getsavefilename`).
        case other(String)
        /// No dialog option at all (kdialog prints its help).
        case none
    }

    public var dialog: Dialog = .none
    public var help = false
    public var version = false
    public var arguments: [[UInt8]] = []
    public var title: String?
    public var multiple = false
    public var separateOutput = false
    /// `--attach` (or its old name `--embed`): the caller's X11 window.
    public var attach: String?
    /// Options kdialog does not have, as given.
    public var unknown: [String] = []

    public init() {}

    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// kdialog's dialogs in the order kdialog looks for them: the first one given wins.
    static let dialogs = ["yesno", "yesnocancel", "warningyesno", "warningcontinuecancel", "warningyesnocancel",
                          "sorry", "detailedsorry", "error", "detailederror", "msgbox", "inputbox", "password",
                          "newpassword", "passivepopup", "textbox", "textinputbox", "combobox", "menu", "checklist",
                          "radiolist", "getopenfilename", "getopenurl", "getsavefilename", "getsaveurl",
                          "getexistingdirectory", "geticon", "progressbar", "getcolor", "slider", "calendar"]

    /// kdialog's options that take a value (the rest are switches).
    static let valued: Set<String> = ["yesno", "yesnocancel", "warningyesno", "warningcontinuecancel",
                                      "warningyesnocancel", "yes-label", "no-label", "cancel-label", "continue-label",
                                      "ok-label", "sorry", "detailedsorry", "error", "detailederror", "msgbox",
                                      "inputbox", "password", "newpassword", "textbox", "textinputbox", "combobox",
                                      "menu", "checklist", "radiolist", "passivepopup", "icon", "progressbar", "format",
                                      "title", "default", "dontagain", "slider", "calendar", "attach", "embed",
                                      "geometry", "dateformat", "geticon", "desktopfile"]

    static let switches: Set<String> = ["getopenfilename", "getsavefilename", "getexistingdirectory", "getopenurl",
                                        "getsaveurl", "getcolor", "multiple", "separate-output", "print-winid",
                                        "help", "help-all", "version", "author", "license", "forcedefault"]

    public static func parse(_ argv: [[UInt8]]) throws -> KdialogCommandLine {
        var line = KdialogCommandLine()
        var given: Set<String> = []
        var i = 0
        var optionsEnded = false
        while i < argv.count {
            let arg = argv[i]
            i += 1
            let text = String(decoding: arg, as: UTF8.self)
            if optionsEnded || arg.first != UInt8(ascii: "-") || arg.count == 1 {
                line.arguments.append(arg)
                continue
            }
            if text == "--" { optionsEnded = true; continue }
            if text == "-h" || text == "-?" { line.help = true; continue }
            if text == "-v" { line.version = true; continue }
            guard text.hasPrefix("--") else { line.unknown.append(text); continue }
            var name = String(text.dropFirst(2))
            var inlineValue: [UInt8]?
            if let eq = arg.firstIndex(of: UInt8(ascii: "=")) {
                name = String(decoding: arg[2..<eq], as: UTF8.self)
                inlineValue = Array(arg[(eq + 1)...])
            }
            if valued.contains(name) {
                guard let value = inlineValue ?? (i < argv.count ? argv[i] : nil) else {
                    throw Invalid(description: "kdialog option --\(name) needs a value")
                }
                if inlineValue == nil { i += 1 }
                line.take(name, String(decoding: value, as: UTF8.self))
                given.insert(name)
            } else if switches.contains(name) {
                if inlineValue != nil { throw Invalid(description: "kdialog option --\(name) takes no value") }
                line.take(name, nil)
                given.insert(name)
            } else {
                line.unknown.append(text)
            }
        }
        if let first = dialogs.first(where: given.contains) {
            switch first {
            case "getopenfilename": line.dialog = .openFile
            case "getopenurl": line.dialog = .openURL
            default: line.dialog = .other("--" + first)
            }
        }
        return line
    }

    private mutating func take(_ name: String, _ value: String?) {
        switch name {
        case "title": title = value
        case "multiple": multiple = true
        case "separate-output": separateOutput = true
        case "attach", "embed": attach = value
        case "help", "help-all": help = true
        case "version": version = true
        default: break  // --icon, --geometry, the labels…: nothing to change in a picker
        }
    }
}
