import PhotoPickCore

/// Reads photopick's output back into byte paths, the way the README tells callers to.
public enum OutputDecoder {
    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
        public init(_ d: String) { description = d }
    }

    public static func paths(_ output: [UInt8], format: OutputFormat) throws -> [RawPath] {
        switch format {
        case .lines:
            return try lines(output).map { line in
                guard let bytes = LineQuoting.path(fromLine: line) else { throw Malformed("bad line \(line)") }
                return RawPath(bytes: bytes)
            }
        case .null:
            guard output.isEmpty || output.last == 0 else { throw Malformed("no final NUL") }
            return output.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { RawPath(bytes: Array($0)) }
        case .uri:
            return try lines(output).map { line in
                guard let path = FileURI.decode(String(decoding: line, as: UTF8.self)) else { throw Malformed("bad URI") }
                return path
            }
        case .json:
            guard case .array(let items) = try JSONParser.parse(output) else { throw Malformed("not an array") }
            return try items.map(path(ofObject:))
        case .jsonl:
            return try lines(output).map { try path(ofObject: JSONParser.parse($0)) }
        }
    }

    /// zenity's output: paths joined by `separator`, then a newline.
    public static func zenityPaths(_ output: [UInt8], separator: String) throws -> [RawPath] {
        guard output.last == 0x0A else { throw Malformed("no final newline") }
        let body = Array(output.dropLast())
        return split(body, by: Array(separator.utf8)).map(RawPath.init(bytes:))
    }

    /// The byte string a JSON string value stands for.
    public static func bytes(_ value: JSONValue?) -> [UInt8]? {
        switch value {
        case .string(let s)?: return Array(s.utf8)
        case .bytes(let b)?: return b
        default: return nil
        }
    }

    public static func member(_ key: String, of value: JSONValue) -> JSONValue? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.0 == key }?.1
    }

    private static func path(ofObject value: JSONValue) throws -> RawPath {
        guard let bytes = bytes(member("path", of: value)) else { throw Malformed("no path") }
        return RawPath(bytes: bytes)
    }

    private static func lines(_ output: [UInt8]) throws -> [[UInt8]] {
        guard output.isEmpty || output.last == 0x0A else { throw Malformed("no final newline") }
        return output.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map(Array.init)
    }

    private static func split(_ bytes: [UInt8], by separator: [UInt8]) -> [[UInt8]] {
        var parts: [[UInt8]] = [], current: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if !separator.isEmpty, bytes[i...].starts(with: separator) {
                parts.append(current)
                current = []
                i += separator.count
            } else {
                current.append(bytes[i])
                i += 1
            }
        }
        parts.append(current)
        return parts
    }
}
