import PhotoPickCore

extension Selection {
    /// The totals summed over every picked asset, built one by one: the reference the session's
    /// totals (read from the facts table) are checked against.
    func totals(_ asset: (AssetID) -> Asset?) -> SelectionTotals {
        var totals = SelectionTotals()
        for id in ordered {
            guard let a = asset(id) else { continue }
            totals.count += 1
            totals.bytes += a.sizeBytes
            if a.kind == .video {
                totals.videos += 1
                totals.videoSeconds += a.metadata.durationSeconds ?? 0
            }
        }
        return totals
    }
}
