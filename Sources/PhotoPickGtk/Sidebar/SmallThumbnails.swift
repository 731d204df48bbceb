import CGtk
import Foundation
import PhotoPickCore
import PhotoPickMedia

/// Small thumbnails for the sidebar's album covers, the selection tray and the preview's
/// first frame, through one `ThumbnailLoader` of its own (off the main thread, cached) that
/// hands each result to whoever asked for that asset. One worker process is plenty: a
/// screenful of covers and picks, mostly already in the shared cache from the grid.
@MainActor
final class SmallThumbnails {
    typealias Receiver = @MainActor (ThumbnailLoader.Result) -> Void
    private let loader: ThumbnailLoader
    private var receivers: [AssetID: [Int: (square: Bool, receive: Receiver)]] = [:]
    /// Square crops of delivered thumbnails, with the texture each was cut from (both held)
    /// while someone still wants the asset.
    private var squares: [AssetID: (source: OpaquePointer, square: OpaquePointer)] = [:]
    private var nextToken = 0

    /// A request that can be withdrawn; the receiver is not called after `cancel`.
    struct Ticket: Hashable {
        let id: AssetID
        let token: Int
    }

    init(side: Int) {
        loader = ThumbnailLoader(side: side, backend: Self.backend(), cacheBytes: 16 << 20)
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
        receivers[asset.id, default: [:]][ticket.token] = (square, receive)
        if let cached = loader.cached(asset.id) { receive(square ? self.square(asset.id, cached) : cached) }
        loader.request(asset.id, path: asset.path, mimeType: asset.mimeType)
        return ticket
    }

    func cancel(_ ticket: Ticket) {
        guard receivers[ticket.id]?.removeValue(forKey: ticket.token) != nil else { return }
        loader.withdraw(ticket.id)
        guard receivers[ticket.id]?.isEmpty == true else { return }
        receivers[ticket.id] = nil
        if let old = squares.removeValue(forKey: ticket.id) { release(old) }
    }

    private func square(_ id: AssetID, _ result: ThumbnailLoader.Result) -> ThumbnailLoader.Result {
        guard case .texture(let texture, let final) = result else { return result }
        if let known = squares[id], known.source == texture { return .texture(known.square, final: final) }
        guard let cropped = SquareTexture.crop(texture) else { return result }
        g_object_ref(raw(texture))
        if let old = squares.updateValue((texture, cropped), forKey: id) { release(old) }
        return .texture(cropped, final: final)
    }

    private func release(_ entry: (source: OpaquePointer, square: OpaquePointer)) {
        g_object_unref(raw(entry.source))
        g_object_unref(raw(entry.square))
    }

    private static func backend() -> any ThumbnailBackend {
        if let worker = ThumbnailWorkerPool.siblingExecutable(),
           let pool = try? ThumbnailWorkerPool(executable: worker, count: 1) {
            return pool
        }
        return InProcessThumbnails()
    }
}
