internal import CMedia

/// Whether gdk-pixbuf's loaders, by their own signatures, take some bytes for a given type.
///
/// Some formats gdk-pixbuf decodes have no magic shared-mime-info knows: an XBM is C source
/// (`#define x_width 8`), so its bytes sniff as text, and gdk-pixbuf itself then goes by the
/// file name. Each loader declares signatures (prefix, mask, relevance) in loaders.cache;
/// matching the head against them is the content check for every such format, present and
/// future, with gdk-pixbuf's own rules (`format_check` in gdk-pixbuf-io.c).
enum PixbufSignature {
    struct Pattern: Sendable {
        let prefix: [UInt8]
        let mask: [UInt8]?
        let relevance: Int
    }

    struct Format: Sendable {
        let mimeTypes: [String]
        let patterns: [Pattern]
    }

    /// The installed loaders, read once.
    static let formats: [Format] = {
        var out: [Format] = []
        let list = gdk_pixbuf_get_formats()
        defer { g_slist_free(list) }
        var node = list
        while let n = node {
            node = n.pointee.next
            guard let format = n.pointee.data?.assumingMemoryBound(to: GdkPixbufFormat.self) else { continue }
            var types: [String] = []
            if let list = format.pointee.mime_types {
                var i = 0
                while let t = list[i] { types.append(String(cString: t)); i += 1 }
            }
            var patterns: [Pattern] = []
            if var p = format.pointee.signature {
                while let prefix = p.pointee.prefix {
                    patterns.append(Pattern(prefix: bytes(prefix), mask: p.pointee.mask.map(bytes), relevance: Int(p.pointee.relevance)))
                    p += 1
                }
            }
            out.append(Format(mimeTypes: types, patterns: patterns))
        }
        return out
    }()

    private static func bytes(_ p: UnsafeMutablePointer<CChar>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: p, count: strlen(p))).map { UInt8(bitPattern: $0) }
    }

    /// True when a loader declaring `mimeType` matches `head` at least as well as any other.
    static func recognizes(_ head: [UInt8], as mimeType: String) -> Bool {
        var best = 0, bestDeclares = false
        for format in formats {
            let score = format.patterns.lazy.map { relevance(of: $0, in: head) }.first { $0 > 0 } ?? 0
            let declares = format.mimeTypes.contains(mimeType)
            if score > best || (score == best && declares) { best = score; bestDeclares = declares }
        }
        return best > 0 && bestDeclares
    }

    /// gdk-pixbuf's `format_check` for one pattern: mask ' ' must equal, '!' must differ, 'z' is
    /// NUL, 'n' is not NUL, anything else matches any byte; a leading '*' unanchors it.
    static func relevance(of pattern: Pattern, in head: [UInt8]) -> Int {
        var prefix = pattern.prefix[...], mask = pattern.mask?[...]
        let anchored = mask?.first != UInt8(ascii: "*")
        if !anchored { prefix = prefix.dropFirst(); mask = mask?.dropFirst() }
        for start in head.indices {
            var j = 0
            matching: while j < prefix.count, start + j < head.count {
                let b = head[start + j], p = prefix[prefix.startIndex + j]
                let m = mask.flatMap { j < $0.count ? $0[$0.startIndex + j] : nil } ?? UInt8(ascii: " ")
                switch m {
                case UInt8(ascii: " "): if b != p { break matching }
                case UInt8(ascii: "!"): if b == p { break matching }
                case UInt8(ascii: "z"): if b != 0 { break matching }
                case UInt8(ascii: "n"): if b == 0 { break matching }
                default: break
                }
                j += 1
            }
            if j == prefix.count { return pattern.relevance }
            if anchored { break }
        }
        return 0
    }
}
