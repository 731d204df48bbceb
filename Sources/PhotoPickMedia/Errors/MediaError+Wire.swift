import Foundation

/// A `MediaError` on a worker's pipe (`ID err FIELD`, in `WorkerReply` and `ExportJobReply`):
/// its Codable form as JSON, hex-coded so the field holds no space or newline whatever a
/// path or a library's words hold. The case crosses whole, not its words: the window words
/// it in the user's language, and a worker's English never reaches a person as it is.
extension MediaError {
    public var wireField: String {
        Hex.encode(Array((try? JSONEncoder().encode(self)) ?? Data()))
    }

    /// nil for a field that is not one (a worker that is not ours, or broken).
    public init?(wireField: Substring) {
        guard let bytes = Hex.decode(wireField),
              let error = try? JSONDecoder().decode(MediaError.self, from: Data(bytes)) else { return nil }
        self = error
    }
}
