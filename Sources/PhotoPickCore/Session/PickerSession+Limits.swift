/// What the window says about the caller's limits: why a pick was refused, and why Done
/// is not available yet.
extension PickerSession {
    /// Shown when the maximum refuses a pick: "You can pick up to 3"; nil without a maximum.
    public var limitMessage: String? {
        guard let maximum = selection.maximum else { return nil }
        return maximum == 1 ? tr("You can pick only one")
            : trn("You can pick up to %s", "You can pick up to %s", maximum, HumanFormat.count(maximum))
    }

    /// Done's tooltip while it is unavailable ("Pick at least 2 (1 picked)"); nil when Done
    /// can finish.
    public var acceptHint: String? {
        guard !canAccept else { return nil }
        let needed = max(1, selection.minimum)
        guard selection.count < needed else { return nil }
        guard needed > 1 else { return tr("Pick a photo or video first") }
        // TRANSLATORS: Done's tooltip: "Pick at least 2 (1 picked)" (the minimum, how many are picked).
        return trn("Pick at least %1$s (%2$s picked)", "Pick at least %1$s (%2$s picked)", needed,
                   HumanFormat.count(needed), HumanFormat.count(selection.count))
    }
}
