import CGtk
import PhotoPickCore
import PhotoPickSystem

/// The header of the date group at the top of the grid, pinned there while its photos
/// scroll under it, so "which day is this?" is answered without scrolling back. It is
/// hidden while a group's own header row is at the top. Its button picks the group, as
/// the row's does; it takes no keyboard focus (Tab leaves the grid in one step).
///
/// It is shown and hidden by its opacity, never its visibility: `follow` runs after GTK has
/// laid the frame out, and a header made visible then was painted before it had a size, a
/// clipped sliver for a frame.
@MainActor
final class PinnedGroupHeader {
    let view = GroupHeaderView()
    private var shown: (group: Int, title: String, count: Int)?

    init() {
        addClass(view.root, "pinned-header")
        view.box.setVAlign(GTK_ALIGN_START)
        setShown(false)
        for child in view.box.children { child.setFocusable(false) }
    }

    /// After each layout that moved the grid: the group whose photos are at the top of the
    /// viewport gets the header, unless a header row is there itself.
    func follow(_ grid: ThumbnailGrid) {
        var top: (y: Double, row: CollectionRows.Row)?
        for view in grid.rowViews {
            guard let row = view.row, let place = ThumbnailViewport.placement(of: view.root, in: grid.scrolled),
                  place.bottom > 0, top.map({ place.top < $0.y }) ?? true else { continue }
            top = (place.top, row)  // the row the top edge cuts through (or the first below it)
        }
        if case .tiles(let group, _)? = top?.row, grid.rows.hasHeaders {
            show(group, of: grid.collection) { grid.allPicked($0) }
        } else {
            show(nil, of: grid.collection) { _ in false }
        }
    }

    /// Shows group `group` of `collection` (nil hides it).
    private func show(_ group: Int?, of collection: AssetCollection, allPicked: (Int) -> Bool) {
        guard let group, collection.groups.indices.contains(group) else {
            if shown != nil { Trace.mark("pinned-header none") }
            shown = nil
            setShown(false)
            return
        }
        let title = collection.groups[group].title, count = collection.groups[group].count
        if shown?.group != group || shown?.title != title || shown?.count != count {
            shown = (group, title, count)
            view.bind(group: group, title: title, count: count, allPicked: allPicked(group))
            Trace.mark("pinned-header \(title)")
        }
        setShown(true)
        if Trace.isEnabled {
            Trace.mark("pinned-height \(view.box.height) of \(view.box.naturalHeight)")
        }
    }

    /// In view and clickable, or neither; laid out either way.
    private func setShown(_ on: Bool) {
        view.box.setOpacity(on ? 1 : 0)
        view.box.setCanTarget(on)
    }

    /// Picks changed: the button's Select or Deselect.
    func refresh(allPicked: (Int) -> Bool) {
        if let shown { view.setAllPicked(allPicked(shown.group)) }
    }
}
