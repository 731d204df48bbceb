import CGtk
import Dispatch
import PhotoPickCore
import PhotoPickMedia

/// Decodes the preview's large image on a background queue, one at a time, newest request
/// wins: flipping quickly through photos does not queue a decode for each one passed.
@MainActor
final class PreviewDecoder {
    struct Decoded {
        /// A new texture reference, now the receiver's to release.
        let texture: OpaquePointer
        /// The decoded pixels' longest side, and the whole image's displayed size.
        let longestSide: Int
        let fullWidth: Int
        let fullHeight: Int
    }

    private let queue = DispatchQueue(label: "photopick.preview-decode", qos: .userInitiated)
    private var generation = 0

    /// Decodes `asset` to fit `longestSide` device pixels; `completion` runs on the main
    /// actor unless another load or `cancel` came first.
    func load(_ asset: Asset, longestSide: Int, completion: @escaping @MainActor (Result<Decoded, MediaError>) -> Void) {
        generation += 1
        let mine = generation
        let path = asset.path, orientation = asset.metadata.orientation
        queue.async { [weak self] in
            // Still wanted? A newer request makes this one moot before any work is done.
            let wanted = DispatchQueue.main.sync { MainActor.assumeIsolated { self?.generation == mine } }
            guard wanted else { return }
            let result = Self.decode(path, orientation: orientation, longestSide: longestSide)
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self, self.generation == mine else { return }
                    switch result {
                    case .success(let (image, fullWidth, fullHeight)):
                        guard let texture = TextureFactory.texture(from: image) else {
                            return completion(.failure(MediaError("could not make a texture")))
                        }
                        completion(.success(Decoded(texture: texture, longestSide: max(image.width, image.height),
                                                    fullWidth: fullWidth, fullHeight: fullHeight)))
                    case .failure(let error):
                        completion(.failure(error))
                    }
                }
            }
        }
    }

    func cancel() { generation += 1 }

    /// Off the main thread. A file the thumbnail workers already failed on (recorded in the
    /// shared cache) is not decoded again here, in the window's own process.
    nonisolated private static func decode(_ path: RawPath, orientation: Int, longestSide: Int)
        -> Result<(DecodedImage, Int, Int), MediaError> {
        let cache = FreedesktopThumbnailCache.standard()
        if let source = cache.source(for: path), cache.hasFailed(source) {
            return .failure(MediaError("this file could not be decoded"))
        }
        let decoder = ImageDecoder()
        guard let stored = decoder.size(of: path) else { return .failure(MediaError("not an image this system can read")) }
        let rotated = (5...8).contains(orientation)
        let (w, h) = rotated ? (stored.height, stored.width) : (stored.width, stored.height)
        do {
            return .success((try decoder.decode(path, fitting: max(1, longestSide)), w, h))
        } catch let error as MediaError {
            return .failure(error)
        } catch {
            return .failure(MediaError("\(error)"))
        }
    }
}
