import PhotoPickCore

/// The pipe protocol of an export worker (`photopick-exporter`): one file per
/// request, the output written to a temporary file the parent created (and syncs before it
/// renames it: the worker does not wait on the disk), nothing but a line back.
///
/// Request, one line: `ID HEX(SOURCE) HEX(TEMP) FORMAT MAXSIZE QUALITY STRIP MAXBYTES` where
/// FORMAT is an `ExportSettings.Format`, MAXSIZE and MAXBYTES are `0` for none, and STRIP is
/// `none`, `location` or `all`. Hex keeps any file name byte-exact on one line.
/// Reply: `ID ok HEX(EXTENSION) BYTES` (the extension the file is to be named with, such as
/// `jpg`, or a video's own) or `ID err ERROR` (a `MediaError`'s `wireField`).
public struct ExportJob: Sendable, Equatable {
    public enum Strip: String, Sendable { case none, location, all }

    public let id: UInt64
    public let source: RawPath
    /// The temporary file to write (it exists, empty): the parent's unnamed file as
    /// `/proc/PARENT/fd/N`, or a named one; the parent names it once complete.
    public let temporary: RawPath
    public let format: ExportSettings.Format
    public let maxSize: Int?
    public let quality: Int
    public let strip: Strip
    public let maxBytes: Int64?

    public init(id: UInt64, source: RawPath, temporary: RawPath, settings: ExportSettings) {
        self.id = id
        self.source = source
        self.temporary = temporary
        format = settings.resolvedFormat
        maxSize = settings.maxSize
        quality = settings.resolvedQuality
        strip = settings.removesMetadata ? .all : settings.removesLocation ? .location : .none
        maxBytes = settings.maxBytes
    }

    public var line: [UInt8] {
        Array(("\(id) \(Hex.encode(source.bytes)) \(Hex.encode(temporary.bytes)) \(format.rawValue) "
            + "\(maxSize ?? 0) \(quality) \(strip.rawValue) \(maxBytes ?? 0)\n").utf8)
    }

    public init?(line: Substring) {
        let f = line.split(separator: " ", omittingEmptySubsequences: false)
        guard f.count == 8, let id = UInt64(f[0]), let source = Hex.decode(f[1]), !source.isEmpty,
              let temporary = Hex.decode(f[2]), !temporary.isEmpty, let format = ExportSettings.Format(rawValue: String(f[3])),
              let maxSize = Int(f[4]), (0...65_535).contains(maxSize), let quality = Int(f[5]), (1...100).contains(quality),
              let strip = Strip(rawValue: String(f[6])), let maxBytes = Int64(f[7]), maxBytes >= 0
        else { return nil }
        self.id = id
        self.source = RawPath(bytes: source)
        self.temporary = RawPath(bytes: temporary)
        self.format = format
        self.maxSize = maxSize == 0 ? nil : maxSize
        self.quality = quality
        self.strip = strip
        self.maxBytes = maxBytes == 0 ? nil : maxBytes
    }
}

/// What a worker made of one `ExportJob`.
public struct ExportJobReply: Sendable, Equatable {
    public let id: UInt64
    /// The extension to name the file with (a video keeps its own), and its size.
    public let result: Result<ExportedFile, MediaError>

    public init(id: UInt64, result: Result<ExportedFile, MediaError>) {
        self.id = id
        self.result = result
    }

    public var line: [UInt8] {
        switch result {
        case .success(let made): return Array("\(id) ok \(Hex.encode(made.fileExtension)) \(made.bytes)\n".utf8)
        case .failure(let error): return Array("\(id) err \(error.wireField)\n".utf8)
        }
    }

    public init?(line: Substring) {
        let f = line.split(separator: " ", omittingEmptySubsequences: false)
        guard f.count >= 3, let id = UInt64(f[0]) else { return nil }
        self.id = id
        if f[1] == "ok", f.count == 4, let ext = Hex.decode(f[2]), let bytes = Int64(f[3]), bytes >= 0 {
            result = .success(ExportedFile(fileExtension: ext, bytes: bytes))
        } else if f[1] == "err", f.count == 3, let error = MediaError(wireField: f[2]) {
            result = .failure(error)
        } else {
            return nil
        }
    }
}

/// What a worker wrote: the extension to name it with, and its size.
public struct ExportedFile: Sendable, Equatable {
    public let fileExtension: [UInt8]
    public let bytes: Int64
    public init(fileExtension: [UInt8], bytes: Int64) {
        self.fileExtension = fileExtension
        self.bytes = bytes
    }
}
