import PhotoPickCore
import PhotoPickSystem

/// With `PHOTOPICK_TRACE=1`, reports what holds thumbnail pixels whenever it changes (looked
/// at four times a second), as one trace line:
///
///     textures LIVE BYTES cached COUNT BYTES budget BYTES tiles HOLDING near NEAR
///
/// LIVE and BYTES: pixel buffers alive in the process (every texture photopick made and GTK
/// still holds, wherever it is referenced); cached: what the grid's caches hold, within their
/// byte budget; HOLDING: grid tiles showing a texture; NEAR: how many photos are near enough
/// the viewport for their tiles to hold one (0 while the viewport is unknown).
@MainActor
final class TextureCensus {
    private weak var grid: ThumbnailGrid?
    private var last = ""

    /// Starts reporting on `grid`'s textures for as long as the grid lives (only when tracing).
    static func watch(_ grid: ThumbnailGrid) {
        guard Trace.isEnabled else { return }
        TextureCensus(grid: grid).look()
    }

    private init(grid: ThumbnailGrid) { self.grid = grid }

    /// Reports in a quarter of a second, and again after that, until the grid is gone.
    private func look() {
        MainQueueBridge.after(0.25) { [self] in
            guard grid != nil else { return }
            report()
            look()
        }
    }

    private func report() {
        guard let grid else { return }
        let live = PixelBuffer.live, cached = grid.loader.cachedTextures
        let holding = grid.bound.values.reduce(0) { sum, tiles in sum + tiles.filter(\.holdsTexture).count }
        let line = "textures \(live.count) \(live.bytes) cached \(cached.count) \(cached.bytes) "
            + "budget \(grid.loader.cacheBudget) tiles \(holding) near \(grid.nearTiles?.count ?? 0)"
        guard line != last else { return }
        last = line
        Trace.mark(line)
    }
}
