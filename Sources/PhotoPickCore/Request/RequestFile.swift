/// Reads a request file (or stdin for `-`), refusing more than `RequestParser.maximumBytes`
/// without reading it all: a request may come through a pipe of unknown length.
public enum RequestFile {
    public static func read(_ path: RawPath?) throws -> [UInt8] {
        let bytes: [UInt8]?
        do {
            bytes = try Host.current.readAll(path, limit: RequestParser.maximumBytes)
        } catch {
            guard error.call == "open", let path else {
                throw PickerOptions.Invalid("cannot read the request: \(error.reason)")
            }
            throw PickerOptions.Invalid("cannot read the request \(path): \(error.reason)")
        }
        guard let bytes else { throw PickerOptions.Invalid("request is larger than \(RequestParser.maximumBytes) bytes") }
        return bytes
    }
}
