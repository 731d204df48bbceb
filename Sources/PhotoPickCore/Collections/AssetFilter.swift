/// Which assets a collection shows: a combinable set of terms.
///
/// Terms combine the way people mean them: the *type* terms (photo, video, JPEG, PNG, HEIC,
/// GIF, a MIME type) are alternatives — any may match; so are the *name* patterns; the
/// *property* terms (screenshot, favorite) must all hold. Across those three kinds, all must
/// hold. So `jpeg + png` is "JPEG or PNG", `photo + favorite` is "favourite photos", and
/// `video + glob:*.mp4` is "videos named *.mp4". No terms: everything.
public struct AssetFilter: Sendable, Hashable {
    public enum Term: Sendable, Hashable, CustomStringConvertible {
        case photo, video, jpeg, png, heic, gif, screenshot, favorite
        /// A MIME type, `*` and `?` allowed: `image/*`, `video/mp4`. Case-insensitive.
        case mimeType(String)
        /// A file-name pattern (see `Glob`), case-insensitive: `*.jpg`, `IMG_[0-9]*`.
        case glob(String)

        /// Parses the command line's spelling: a keyword, `mime:TYPE` or `glob:PATTERN`.
        public init?(parsing text: String) {
            if text.hasPrefix("mime:"), text.count > 5 { self = .mimeType(String(text.dropFirst(5))); return }
            if text.hasPrefix("glob:"), text.count > 5 { self = .glob(String(text.dropFirst(5))); return }
            switch text.lowercased() {
            case "photo": self = .photo
            case "video": self = .video
            case "jpeg", "jpg": self = .jpeg
            case "png": self = .png
            case "heic", "heif": self = .heic
            case "gif": self = .gif
            case "screenshot": self = .screenshot
            case "favorite", "favourite": self = .favorite
            default: return nil
            }
        }

        public var description: String {
            switch self {
            case .photo: return "photo"
            case .video: return "video"
            case .jpeg: return "jpeg"
            case .png: return "png"
            case .heic: return "heic"
            case .gif: return "gif"
            case .screenshot: return "screenshot"
            case .favorite: return "favorite"
            case .mimeType(let t): return "mime:\(t)"
            case .glob(let g): return "glob:\(g)"
            }
        }

        /// The trait a keyword term stands for.
        var trait: AssetTraits? {
            switch self {
            case .photo: return .photo
            case .video: return .video
            case .jpeg: return .jpeg
            case .png: return .png
            case .heic: return .heic
            case .gif: return .gif
            case .screenshot: return .screenshot
            case .favorite: return .favorite
            case .mimeType, .glob: return nil
            }
        }

        var isProperty: Bool { self == .screenshot || self == .favorite }
    }

    /// The terms, without repeats, in the order given.
    public private(set) var terms: [Term]

    public static let all = AssetFilter()

    public init(_ terms: [Term] = []) {
        var seen = Set<Term>()
        self.terms = terms.filter { seen.insert($0).inserted }
    }

    public var isEmpty: Bool { terms.isEmpty }

    /// Whether the filter asks for videos only (`video`, `mime:video/…`, nothing of another
    /// type): a Live or Motion Photo then shows as its motion, and hands back its video.
    public var asksForVideosOnly: Bool {
        var any = false
        for term in terms {
            switch term {
            case .video: any = true
            case .mimeType(let type) where type.lowercased().hasPrefix("video/"): any = true
            case .screenshot, .favorite, .glob: continue
            default: return false
            }
        }
        return any
    }
}

/// An `AssetFilter` made ready for the per-asset loop: keyword terms become bit masks, MIME
/// patterns are decided once per distinct MIME type, and only name patterns look at names.
struct FilterMatcher {
    let isEmpty: Bool
    private let anyType: AssetTraits
    private let allProperties: AssetTraits
    private let hasTypeTerms: Bool
    private let mimeAllowed: [Bool]
    /// For each asset's place in `mimeAllowed` (`AssetFactsTable.mimePosition`).
    private let table: AssetFactsTable
    private let globs: [Glob]

    init(_ filter: AssetFilter, facts: AssetFactsTable) {
        isEmpty = filter.isEmpty
        var anyType: AssetTraits = [], allProperties: AssetTraits = []
        var mimePatterns: [Glob] = [], globs: [Glob] = []
        for term in filter.terms {
            switch term {
            case .mimeType(let pattern): mimePatterns.append(Glob(pattern))
            case .glob(let pattern): globs.append(Glob(pattern))
            default:
                if term.isProperty { allProperties.formUnion(term.trait!) } else { anyType.formUnion(term.trait!) }
            }
        }
        // Videos only: a Live or Motion Photo is a video by its motion (`asksForVideosOnly`).
        if filter.asksForVideosOnly { anyType.formUnion([.live, .motion]) }
        self.anyType = anyType
        self.allProperties = allProperties
        self.hasTypeTerms = !anyType.isEmpty || !mimePatterns.isEmpty
        self.mimeAllowed = facts.mimeTypes.map { type in mimePatterns.contains { $0.matches(type) } }
        self.table = facts
        self.globs = globs
    }

    /// Inlined into the per-asset loops (called per asset, a million times).
    @inline(__always)
    func matches(_ facts: AssetFacts, of id: AssetID, name: @autoclosure () -> String) -> Bool {
        if isEmpty { return true }
        if !facts.traits.isSuperset(of: allProperties) { return false }
        if hasTypeTerms, facts.traits.isDisjoint(with: anyType), !mimeAllowed(facts, id) { return false }
        if !globs.isEmpty {
            let n = name()
            if !globs.contains(where: { $0.matches(n) }) { return false }
        }
        return true
    }

    @inline(__always)
    private func mimeAllowed(_ facts: AssetFacts, _ id: AssetID) -> Bool {
        guard let i = table.mimePosition(of: id, facts: facts) else { return false }
        return i < mimeAllowed.count && mimeAllowed[i]
    }
}
