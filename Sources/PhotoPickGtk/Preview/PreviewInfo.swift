import CGtk
import Foundation
import PhotoPickCore
import PhotoPickSystem

/// The preview's side panel: the file's name and folder, then what is known about it
/// (date, pixel size, file size, camera, location), from `AssetDetails`.
@MainActor
final class PreviewInfo {
    let root: Widget
    private let box: Widget

    init() {
        box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 14)!
        addClass(box, "preview-info")
        root = gtk_scrolled_window_new()
        Gtk.ScrolledWindow(root).setPolicy(GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        Gtk.ScrolledWindow(root).setChild(box)
        gtk_widget_set_size_request(root, 250, -1)
    }

    func show(_ asset: Asset) {
        while let child = gtk_widget_get_first_child(box) { Gtk.Box(box).remove(child) }
        let name = wrapped(asset.name, classes: ["preview-name"], keepingParts: true)
        Gtk.Box(box).append(name)
        if Trace.isEnabled { afterNextFrame(of: name) { Trace.mark("preview-name-lines \(Gtk.Label(name).lineTexts.joined(separator: "|"))") } }
        let home = ProcessInfo.processInfo.environment["HOME"]
        Gtk.Box(box).append(wrapped(HumanFormat.path(asset.path.parent, home: home), classes: ["dim-label", "caption"]))
        for line in AssetDetails.lines(asset) {
            let pair = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
            Gtk.Box(pair).append(wrapped(line.label, classes: ["info-label", "dim-label", "caption-heading"]))
            Gtk.Box(pair).append(wrapped(line.value, classes: ["info-value"]))
            Gtk.Box(box).append(pair)
        }
    }

    /// `keepingParts`: a file name, broken only between its parts (NameBreaks).
    private func wrapped(_ text: String, classes: [String], keepingParts: Bool = false) -> Widget {
        let l = label(text, classes: classes)
        let typed = Gtk.Label(l)
        typed.setXAlign(0)
        typed.setWrap(true, mode: PANGO_WRAP_WORD_CHAR)
        // A name broken inside a word must not gain a hyphen Pango (1.44+) adds by default:
        // "IMG_0001.h-eif" reads as another name.
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
        // Lines break between the parts of a name, not inside "mp4" or a date (NameBreaks).
        for run in keepingParts ? NameBreaks.unbreakableRuns(in: text) : [] {
            guard let keep = pango_attr_allow_breaks_new(0) else { continue }
            keep.pointee.start_index = guint(run.lowerBound)
            keep.pointee.end_index = guint(run.upperBound)
            pango_attr_list_insert(attributes, keep)
        }
        typed.setAttributes(attributes)
        pango_attr_list_unref(attributes)
        typed.setSelectable(true)
        gtk_widget_set_focusable(l, 0)  // selectable for copying, not a Tab stop
        return l
    }
}
