import CGtk
import Foundation
import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem

/// Small thumbnails for the sidebar's album covers, the selection tray and the preview's
/// first frame, through one `ThumbnailLoader` of its own (off the main thread, cached) that
/// hands each result to whoever asked for that asset.
///
/// What the shared cache already holds — on a warm start, every cover — is read at once in
/// this process (`CachedThumbnailReader`); only what it lacks goes to the loader's worker, so
/// a cached cover never waits behind a decode, here or in the grid's workers. One worker
/// process is plenty for the rest: a screenful of covers and picks.
@MainActor
final class SmallThumbnails {
    typealias Receiver = @MainActor (ThumbnailLoader.Result) -> Void
    private let loader: ThumbnailLoader
    private let cached = CachedThumbnailReader()
    /// Who wants each asset; `asked` once the loader was asked for it on the ticket's behalf.
    private var receivers: [AssetID: [Int: (square: Bool, receive: Receiver, asked: Bool)]] = [:]
    /// Assets whose cache read is under way, and those the cache did not have.
    private var reading: Set<AssetID> = []
    private var notCached: Set<AssetID> = []
    /// Square crops of delivered thumbnails, with the texture each was cut from (both held)
    /// while someone still wants the asset.
    private var squares: [AssetID: (source: Gdk.Texture, square: Gdk.Texture)] = [:]
    private var nextToken = 0

    /// A request that can be withdrawn; the receiver is not called after `cancel`.
    struct Ticket: Hashable {
        let id: AssetID
        let token: Int
    }

    init(side: Int) {
        // Its own reader has looked in the shared cache before the loader is asked.
        loader = ThumbnailLoader(side: side, backend: Self.backend(), cacheBytes: 16 << 20, sharedCache: nil)
        loader.onDelivery = { [unowned self] id, result in
            for receiver in (self.receivers[id] ?? [:]).values {
                receiver.receive(receiver.square ? self.square(id, result) : result)
            }
        }
        if Trace.isEnabled {
            loader.onRequestSent = { target, kind in Trace.mark("small-thumbnail-request \(kind) \(target.path)") }
        }
    }

    /// Asks for `asset`'s thumbnail (its middle square when `square`); `receive` gets the
    /// cached result now if there is one, then each better one as it arrives.
    func request(_ asset: Asset, scale: Int, square: Bool = true, _ receive: @escaping Receiver) -> Ticket {
        loader.side = max(loader.side, 48 * max(1, scale))
        nextToken += 1
        let ticket = Ticket(id: asset.id, token: nextToken)
        receivers[asset.id, default: [:]][ticket.token] = (square, receive, false)
        if let cached = loader.cached(asset.id) { receive(square ? self.square(asset.id, cached) : cached) }
        if loader.hasFinal(asset.id) || notCached.contains(asset.id) {
            ask(ticket, asset)
        } else if reading.insert(asset.id).inserted {
            let size = ThumbnailSize.covering(tileSide: loader.side)
            cached.read(asset.path, size: size, isVideo: asset.kind == .video) { [weak self] pixels in
                self?.finishReading(asset, pixels)
            }
        }
        return ticket
    }

    func cancel(_ ticket: Ticket) {
        guard let entry = receivers[ticket.id]?.removeValue(forKey: ticket.token) else { return }
        if entry.asked { loader.withdraw(ticket.id) }
        guard receivers[ticket.id]?.isEmpty == true else { return }
        receivers[ticket.id] = nil
        notCached.remove(ticket.id)
        squares[ticket.id] = nil
    }

    /// The cache read is back: a hit is final (the loader keeps and delivers it), a miss goes
    /// to the loader's worker for everyone still waiting.
    private func finishReading(_ asset: Asset, _ pixels: TextureFactory.NativePixels?) {
        reading.remove(asset.id)
        if let pixels { loader.accept(asset.id, pixels: pixels) }  // kept even if nobody waits now
        guard let waiting = receivers[asset.id] else { return }
        if pixels == nil { notCached.insert(asset.id) }
        for (token, entry) in waiting where !entry.asked { ask(Ticket(id: asset.id, token: token), asset) }
    }

    /// Counts the ticket with the loader, which has the thumbnail made unless it is final.
    private func ask(_ ticket: Ticket, _ asset: Asset) {
        guard receivers[ticket.id]?[ticket.token]?.asked == false else { return }
        receivers[ticket.id]?[ticket.token]?.asked = true
        loader.request(asset.id, path: asset.path, mimeType: asset.mimeType)
    }

    private func square(_ id: AssetID, _ result: ThumbnailLoader.Result) -> ThumbnailLoader.Result {
        guard case .texture(let texture, let final) = result else { return result }
        if let known = squares[id], known.source == texture { return .texture(known.square, final: final) }
        guard let cropped = SquareTexture.crop(texture) else { return result }
        squares[id] = (texture, cropped)
        return .texture(cropped, final: final)
    }

    private static func backend() -> any ThumbnailBackend {
        if let worker = ThumbnailWorkerPool.siblingExecutable(),
           let pool = try? ThumbnailWorkerPool(executable: worker, count: 1) {
            return pool
        }
        return InProcessThumbnails()
    }
}
