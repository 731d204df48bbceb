import CGtk
import Foundation
import PhotoPickCore
import PhotoPickSystem

/// The preview's side panel: the file's name and folder, then what is known about it
/// (date, pixel size, file size, camera, location), from `AssetDetails`.
@MainActor
final class PreviewInfo {
    let root: Gtk.ScrolledWindow
    private let box: Gtk.Box

    init() {
        box = Gtk.Box(GTK_ORIENTATION_VERTICAL, spacing: 14)
        addClass(box, "preview-info")
        root = Gtk.ScrolledWindow()
        root.setPolicy(GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        root.setChild(box)
        root.setSizeRequest(width: 250)
    }

    func show(_ asset: Asset) {
        for child in box.children { box.remove(child) }
        let name = wrapped(asset.name, classes: ["preview-name"], keepingParts: true)
        box.append(name)
        if Trace.isEnabled { afterNextFrame(of: name.widget) { Trace.mark("preview-name-lines \(name.lineTexts.joined(separator: "|"))") } }
        let home = ProcessInfo.processInfo.environment["HOME"]
        box.append(wrapped(HumanFormat.path(asset.path.parent, home: home), classes: ["dim-label", "caption"]).widget)
        for line in AssetDetails.lines(asset) {
            let pair = Gtk.Box(GTK_ORIENTATION_VERTICAL, spacing: 2)
            pair.append(wrapped(line.label, classes: ["info-label", "dim-label", "caption-heading"]).widget)
            pair.append(wrapped(line.value, classes: ["info-value"]).widget)
            box.append(pair)
        }
    }

    /// `keepingParts`: a file name, broken only between its parts (NameBreaks).
    private func wrapped(_ text: String, classes: [String], keepingParts: Bool = false) -> Gtk.Label {
        let l = Gtk.Label(text, classes: classes)
        l.setXAlign(0)
        l.setWrap(true, mode: PANGO_WRAP_WORD_CHAR)
        // No hyphens in a broken name; lines break between the parts of a name, not inside
        // "mp4" or a date (NameBreaks).
        l.setBreaksWithoutHyphens(keeping: keepingParts ? NameBreaks.unbreakableRuns(in: text) : [])
        l.setSelectable(true)
        l.setFocusable(false)  // selectable for copying, not a Tab stop
        return l
    }
}
