import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem

/// Where a Live or Motion Photo's motion is read from: a Live Photo's movie by its path, a
/// Motion Photo's embedded MP4 copied into memory (`MotionVideoFile`). Off the main thread:
/// the copy and the header read block on the disk.
enum PhotoMotion {
    struct Opened: Sendable {
        let path: RawPath
        /// The memory file `path` names, for a Motion Photo; the player keeps it open.
        let memory: MotionVideoFile?
        let turn: QuarterTurn
    }

    /// Whether `pair`'s still has motion to play.
    static func plays(_ pair: AssetPair?) -> Bool {
        switch pair?.kind {
        case .live?, .motion?: return true
        case .raw?, nil: return false
        }
    }

    /// A Live Photo's movie (`companion`), or `still`'s embedded video.
    static func open(_ kind: PairKind, still: Asset, companion: Asset?) async -> Result<Opened, MediaError> {
        let stillPath = still.path, range = still.metadata.motionVideo, moviePath = companion?.path
        return await Task.detached(priority: .userInitiated) { () -> Result<Opened, MediaError> in
            switch kind {
            case .live:
                guard let moviePath else { return .failure(.unreadable(path: stillPath, reason: .missing)) }
                return .success(Opened(path: moviePath, memory: nil, turn: QuickTimeHeader.read(moviePath)?.quarterTurn ?? .none))
            case .motion:
                guard let range else { return .failure(.unreadable(path: stillPath, reason: .endsEarly)) }
                return Result { () throws(MediaError) -> Opened in
                    let memory = try MotionVideoFile.copy(range, of: stillPath)
                    return Opened(path: memory.path, memory: memory, turn: QuickTimeHeader.read(memory.path)?.quarterTurn ?? .none)
                }
            case .raw:
                return .failure(.unsupported(path: stillPath, type: nil))
            }
        }.value
    }
}
