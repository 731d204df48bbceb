import PhotoPickSystem

/// One count of what a scan delivered to the window, for the two things done as it grows:
/// every 100,000 files listed or refined, what the scan freed is handed back
/// (`FreedMemory.handBack`); every 250,000 listed, and every 250,000 refined, a `mem-…` line
/// when traced (`TraceMemory`), so the bench shows where a first open's peak is reached.
/// Main actor only.
@MainActor
enum ScanDeliveries {
    private static var listed = 0
    private static var refined = 0
    private static let trimStep = 100_000
    private static let markStep = 250_000

    static func listed(_ count: Int) {
        handBackIfDue(count)
        listed = advance(listed, by: count, name: "listed")
    }

    static func refined(_ count: Int) {
        handBackIfDue(count)
        refined = advance(refined, by: count, name: "refined")
    }

    /// When listed and refined together pass a multiple of `trimStep`.
    private static func handBackIfDue(_ count: Int) {
        let total = listed + refined
        if (total + count) / trimStep > total / trimStep { FreedMemory.handBack() }
    }

    private static func advance(_ total: Int, by count: Int, name: String) -> Int {
        let after = total + count
        if Trace.isEnabled, after / markStep > total / markStep { TraceMemory.mark("\(name)-\(after / markStep * markStep / 1000)k") }
        return after
    }
}
