import CGtk
import PhotoPickCore

/// The caller's choices (the portal's `choices`) below the grid: a check box for a yes/no
/// choice, a labelled drop-down for one with options. Answers go to `ChooserControls`.
///
/// However many there are, they stay one bar that scrolls sideways: an action bar asks for
/// the width of all its children, so sixty choices would widen the window past the screen
/// and push Add off it. (Focusing a choice with Tab scrolls it into view.)
@MainActor
enum ChoicesBar {
    /// The bar, or nil when the caller asked nothing.
    static func make(_ controls: ChooserControls) -> Gtk.ScrolledWindow? {
        let choices = controls.choices.choices
        guard !choices.isEmpty else { return nil }
        let bar = Gtk.ActionBar()
        for choice in choices {
            if choice.isCheckBox {
                let check = Gtk.CheckButton(label: choice.label)
                PlaceTrace.name(check, "choice \(choice.id)")
                check.setActive(controls.choices.value(of: choice.id) == "true")
                onSignal(check.widget, "toggled") { [unowned controls] in
                    controls.setChoice(choice.id, to: check.isActive ? "true" : "false")
                }
                bar.packStart(check)
            } else {
                let box = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
                box.append(label(choice.label))
                let current = choice.options.firstIndex { $0.id == controls.choices.value(of: choice.id) } ?? 0
                let dropDown = DropDown.make(choice.options.map(\.label), selected: current) { [unowned controls] index in
                    controls.setChoice(choice.id, to: choice.options[index].id)
                }
                box.append(dropDown)
                bar.packStart(box)
            }
        }
        let scroller = Gtk.ScrolledWindow()
        scroller.setPolicy(GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        scroller.setChild(bar)
        addClass(scroller, "choices")
        return scroller
    }
}
