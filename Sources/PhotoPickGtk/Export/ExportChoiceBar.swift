import CGtk
import PhotoPickCore

/// Below the selection bar, when the caller lets the user choose (`--export-choice`, the
/// request's `export.user_choice`): the size the photos are handed over at (Original size,
/// Large 2048, Medium 1024, Small 512) and whether their location goes with them. Both are
/// commands, `win.export-size` ("original", "2048", "1024", "512") and `win.keep-location`
/// (a toggle), which the drop-down and the switch drive and follow; they change the
/// session's export settings, and so the summary's estimated size.
@MainActor
final class ExportChoiceBar {
    let root: Gtk.Box

    init(session: PickerSession, actions: ActionMap) {
        let settings = session.exportSettings ?? ExportSettings()
        let bar = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        root = bar
        addClass(root, "export-choice-bar")
        let sizes = ExportSettings.windowSizes
        // A size asked that the list does not offer becomes the one it shows, so what is
        // exported is what the window says.
        let shown = Self.index(of: settings.maxSize, in: sizes)
        if sizes[shown] != settings.maxSize { session.chooseExportSize(sizes[shown]) }

        let size = DropDown.make(sizes.map(Self.title), selected: shown) { i in
            actions.changeState(.exportSize, Self.name(sizes[i]))
        }
        actions.addChoice(.exportSize, initial: Self.name(sizes[shown])) { [weak session] name in
            guard let i = sizes.firstIndex(where: { Self.name($0) == name }) else { return }
            session?.chooseExportSize(sizes[i])
            if size.selected != i { size.setSelected(i) }
        }
        pp_accessible_set_label(size.widget, tr("Export size"))
        size.setTooltip(tr("The size the photos are handed over at"))

        let location = Gtk.Switch()
        location.setActive(!settings.removesLocation)
        location.setVAlign(GTK_ALIGN_CENTER)
        actions.addToggle(.keepLocation, initial: !settings.removesLocation) { [weak session] on in
            session?.keepExportLocation(on)
            if location.isActive != on { location.setActive(on) }
        }
        location.onToggle { on in if actions.boolState(.keepLocation) != on { actions.activate(.keepLocation) } }
        // Without any metadata there is no location to keep.
        if settings.removesMetadata {
            location.setSensitive(false)
            actions.setEnabled(.keepLocation, false)
        }
        pp_accessible_set_label(location.widget, tr("Keep location"))
        let locationLabel = Gtk.Label(tr("Keep location"))
        locationLabel.setHExpand(true)
        locationLabel.setXAlign(1)
        locationLabel.setWrap(true)  // two lines rather than cut, in a language with a longer word
        // The drop-down's items say what they are ("Medium 1024"): no label before it, so
        // "Keep location" fits beside it in a 360 px window.
        for child in [size.widget, locationLabel.widget, location.widget] { bar.append(child) }
    }

    /// The action's value for a size: "original" or the pixels.
    static func name(_ size: Int?) -> String { size.map(String.init) ?? "original" }

    /// "Original size", "Large 2048"… (short: it shares a 360 px row with "Keep location").
    static func title(_ size: Int?) -> String {
        switch size {
        case nil: return tr("Original size")
        // TRANSLATORS: an export size, the long side in pixels: "Large 2048".
        case 2048?: return tr("Large %s", "2048")
        case 1024?: return tr("Medium %s", "1024")
        case 512?: return tr("Small %s", "512")
        case let other?: return tr("%s px", String(other))
        }
    }

    /// The offered size nearest to the asked one (the largest not above it); Original when none was asked.
    static func index(of maxSize: Int?, in sizes: [Int?]) -> Int {
        guard let maxSize else { return 0 }
        return sizes.firstIndex { $0.map { $0 <= maxSize } ?? false } ?? sizes.count - 1
    }
}
