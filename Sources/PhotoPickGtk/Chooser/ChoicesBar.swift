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
    static func make(_ controls: ChooserControls) -> Widget? {
        let choices = controls.choices.choices
        guard !choices.isEmpty else { return nil }
        let bar = gtk_action_bar_new()!
        for choice in choices {
            if choice.isCheckBox {
                let check = gtk_check_button_new_with_label(choice.label)!
                gtk_check_button_set_active(cast(check), controls.choices.value(of: choice.id) == "true" ? 1 : 0)
                onSignal(raw(check), "toggled") { [unowned controls] in
                    controls.setChoice(choice.id, to: gtk_check_button_get_active(cast(check)) != 0 ? "true" : "false")
                }
                gtk_action_bar_pack_start(cast(bar), check)
            } else {
                let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
                gtk_box_append(cast(box), label(choice.label))
                let current = choice.options.firstIndex { $0.id == controls.choices.value(of: choice.id) } ?? 0
                let dropDown = DropDown.make(choice.options.map(\.label), selected: current) { [unowned controls] index in
                    controls.setChoice(choice.id, to: choice.options[index].id)
                }
                gtk_box_append(cast(box), dropDown)
                gtk_action_bar_pack_start(cast(bar), box)
            }
        }
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_child(cast(scroller), bar)
        addClass(scroller, "choices")
        return scroller
    }
}
