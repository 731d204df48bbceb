import PhotoPickCore
import PhotoPickMedia

extension ThumbnailerEntry {
    /// `argv` as strings, for a path that is text.
    func arguments(size: Int, inputURI: String, inputPath: String, output: String) throws -> [String] {
        try argv(size: size, inputURI: inputURI, inputPath: RawPath(inputPath), output: output)
            .map { String(decoding: $0, as: UTF8.self) }
    }
}
