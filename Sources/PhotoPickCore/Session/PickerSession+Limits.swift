/// What the window says about the caller's limits: why a pick was refused, and why Done
/// is not available yet.
extension PickerSession {
    /// Shown when the maximum refuses a pick: "You can pick up to 3"; nil without a maximum.
    public var limitMessage: String? {
        guard let maximum = selection.maximum else { return nil }
        return maximum == 1 ? "You can pick only one" : "You can pick up to \(maximum)"
    }

    /// Done's tooltip while it is unavailable ("Pick at least 2 (1 picked)"); nil when Done
    /// can finish.
    public var acceptHint: String? {
        guard !canAccept else { return nil }
        let needed = max(1, selection.minimum)
        guard selection.count < needed else { return nil }
        return needed == 1 ? "Pick a photo or video first" : "Pick at least \(needed) (\(selection.count) picked)"
    }
}
