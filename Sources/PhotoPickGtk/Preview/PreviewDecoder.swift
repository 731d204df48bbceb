import PhotoPickCore
import PhotoPickMedia

/// Decodes the preview's large image away from the main thread (in a worker process when
/// one is installed: see `PreviewBackend`), newest request wins: a new load withdraws the
/// one before, so flipping quickly through photos queues no decode for each one passed,
/// and a decode stuck in a hostile file is abandoned rather than waited for.
@MainActor
final class PreviewDecoder {
    struct Decoded {
        /// The decoded image, held for as long as the receiver keeps it.
        let texture: Gdk.Texture
        /// The decoded pixels' longest side, and the whole image's displayed size.
        let longestSide: Int
        let fullWidth: Int
        let fullHeight: Int
    }

    private let makeBackend: () -> any PreviewBackend
    /// Started at the first preview, not with the window: most picks never open one.
    private lazy var backend: any PreviewBackend = makeBackend()
    private var nextID: UInt64 = 1
    /// The request whose reply is wanted; replies to any other are dropped.
    private var wanted: UInt64?

    init(backend: @escaping () -> any PreviewBackend = PreviewBackends.best) {
        makeBackend = backend
    }

    /// Decodes `asset` to fit `longestSide` device pixels; `completion` runs on the main
    /// actor unless another load or `cancel` came first.
    func load(_ asset: Asset, longestSide: Int, completion: @escaping @MainActor (Result<Decoded, MediaError>) -> Void) {
        cancel()
        let id = nextID
        nextID += 1
        wanted = id
        // The displayed size swaps the stored one as the metadata's orientation says, as the
        // grid and the details panel do.
        let turned = (5...8).contains(asset.metadata.orientation)
        let side = min(max(1, longestSide), WorkerRequest.Kind.large.maxSide)
        let request = WorkerRequest(id: id, kind: .large, side: side, mimeType: asset.mimeType, path: asset.path)
        backend.decode(request) { [weak self] reply in
            // Pixels become GTK's own format here, on the reply's thread: for a large photo
            // that is too long for the main one.
            let prepared = reply.result.map { decoded in
                let image = decoded.0
                // Without the stored size, the decoded one (already upright) is the best known.
                let full = reply.sourceSize.map { turned ? ($0.height, $0.width) : ($0.width, $0.height) }
                    ?? (image.width, image.height)
                return (pixels: TextureFactory.native(image), full: full)
            }
            MainQueueBridge.post {
                guard let self, self.wanted == id else { return }
                self.wanted = nil
                switch prepared {
                case .success(let (pixels, full)):
                    guard let texture = TextureFactory.texture(from: pixels) else {  // no memory for its pixels
                        return completion(.failure(.tooLarge(path: request.path, width: pixels.width, height: pixels.height,
                                                             limit: .memory)))
                    }
                    completion(.success(Decoded(texture: texture, longestSide: max(pixels.width, pixels.height),
                                                fullWidth: full.0, fullHeight: full.1)))
                case .failure(let error):
                    completion(.failure(error))
                }
            }
        }
    }

    /// Withdraws the load in flight, if any: its worker is stopped and its completion never runs.
    func cancel() {
        guard let id = wanted else { return }
        wanted = nil
        backend.cancel(id)
    }
}
