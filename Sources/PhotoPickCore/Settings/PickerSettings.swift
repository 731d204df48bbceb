/// What the window remembers between runs: its size, the tile size and the album last shown.
///
/// Read leniently: a missing, unreadable or corrupt file, or a field of the wrong type or
/// out of range, gives that field's default, so a bad file never stops the picker.
public struct PickerSettings: Sendable, Equatable {
    public static let defaultWidth = 1024, defaultHeight = 720, defaultTileSize = 160
    /// Sizes outside these are ignored as corrupt (a window of 3 px is nobody's intent).
    public static let windowSides = 320...16384
    public static let tileSizes = 64...512

    public var windowWidth = defaultWidth
    public var windowHeight = defaultHeight
    public var maximized = false
    public var tileSize = defaultTileSize
    public var lastAlbum: RememberedAlbum?

    public init() {}

    /// The album to open on for a library of `roots`: only the library it was chosen in,
    /// since another folder's "2024/Trip" (or even its Videos) is not what the user left.
    public func album(for roots: [RawPath]) -> String? {
        guard let lastAlbum, lastAlbum.roots == roots else { return nil }
        return lastAlbum.title
    }

    /// What the settings remember as a run's lowest layer of options, under the request
    /// file and the command line: the album last shown in this library.
    public func options(for roots: [RawPath]) -> PickerOptions {
        var options = PickerOptions()
        options.album = album(for: roots)
        return options
    }

    public mutating func remember(album title: String, roots: [RawPath]) {
        lastAlbum = RememberedAlbum(title: title, roots: roots)
    }
}

/// The album last shown, by title (as `--album` takes it), and the library it belongs to.
public struct RememberedAlbum: Sendable, Equatable {
    public var title: String
    public var roots: [RawPath]

    public init(title: String, roots: [RawPath]) {
        self.title = title
        self.roots = roots
    }
}

// MARK: JSON

extension PickerSettings {
    public static let version = 1

    /// The settings as the file stores them; roots are byte strings, so any file name survives.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("version", .int(Int64(Self.version))),
            ("window", .object([("width", .int(Int64(windowWidth))), ("height", .int(Int64(windowHeight))),
                                ("maximized", .bool(maximized))])),
            ("tile_size", .int(Int64(tileSize))),
        ]
        if let lastAlbum {
            members.append(("last_album", .object([("title", .string(lastAlbum.title)),
                                                   ("roots", .array(lastAlbum.roots.map { .bytes($0.bytes) }))])))
        }
        return .object(members)
    }

    /// Reads a settings file's bytes; anything unusable falls back to the default.
    public init(json bytes: [UInt8]) {
        self.init()
        guard let value = try? JSONParser.parse(bytes), case .object(let root) = value else { return }
        let top = Dictionary(root, uniquingKeysWith: { _, last in last })
        if case .object(let window)? = top["window"] {
            let w = Dictionary(window, uniquingKeysWith: { _, last in last })
            if let width = Self.int(w["width"], in: Self.windowSides) { windowWidth = width }
            if let height = Self.int(w["height"], in: Self.windowSides) { windowHeight = height }
            if case .bool(let m)? = w["maximized"] { maximized = m }
        }
        if let tile = Self.int(top["tile_size"], in: Self.tileSizes) { tileSize = tile }
        if case .object(let album)? = top["last_album"] {
            let a = Dictionary(album, uniquingKeysWith: { _, last in last })
            if case .string(let title)? = a["title"], !title.isEmpty, case .array(let items)? = a["roots"] {
                let roots = items.compactMap(Self.bytes).map(RawPath.init(bytes:))
                if roots.count == items.count, !roots.isEmpty { lastAlbum = RememberedAlbum(title: title, roots: roots) }
            }
        }
    }

    private static func int(_ value: JSONValue?, in range: ClosedRange<Int>) -> Int? {
        switch value {
        case .int(let i)? where range.contains(Int(clamping: i)): return Int(i)
        case .double(let d)? where d == d.rounded() && d >= Double(range.lowerBound) && d <= Double(range.upperBound): return Int(d)
        default: return nil
        }
    }

    private static func bytes(_ value: JSONValue) -> [UInt8]? {
        switch value {
        case .string(let s) where !s.isEmpty: return Array(s.utf8)
        case .bytes(let b) where !b.isEmpty: return b
        default: return nil
        }
    }
}
