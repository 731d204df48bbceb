import Foundation
import PhotoPickCore
#if canImport(Glibc)
import Glibc
#endif

/// A library of everything that breaks naive photo pickers, with a manifest of what the
/// scanner must list and what it must not:
///
///     root/
///       names/           decodable photos with hostile names (newline, tab, dash, quotes,
///                        emoji, bytes that are not UTF-8, shell and glob characters, 250 bytes…)
///       odd\n\xFF dir/   a folder whose own name is hostile, with one photo
///       broken/          empty.jpg, text.jpg, truncated.jpg, png-named.jpg
///       bombs/           bomb.png (header: 60,000 × 60,000), huge.jpg (header: 65,000 × 65,000)
///       special/         fifo.jpg (FIFO), socket.jpg (Unix socket)
///       links/           dangling.jpg, self.jpg (a link to itself), loop -> .., alias.jpg
///                        (symlink), hard.jpg (hard link); both point into originals/
///       originals/       the photo the links point to
///       deep/d01/…/d60/  deep.jpg, 60 folders down
///       many/            `manyCount` small photos in one folder (20,000 by default)
///       locked/          a folder with mode 000 holding secret.jpg
///       noexec/          a folder with mode 0644 (listable, not searchable) holding inside.jpg
///       locked-file.jpg  a photo with mode 000
///       corpus/          copies of ../shared/corpus/{decode-fail,decode-modified,formats}, if present
///
/// Everything is world-readable (except what is locked on purpose), so tests can scan it
/// as an unprivileged user.
public struct HostileLibrary: Sendable {
    public let root: RawPath
    /// Regular media files the scanner must list for any user (corpus copies aside).
    public let media: Set<RawPath>
    /// Media only a user who may read them sees (listed when running as root).
    public let lockedMedia: Set<RawPath>
    /// Decodable photos with hostile names, newest first, all in `namesFolder`.
    public let oddNames: [RawPath]
    public let namesFolder: RawPath
    /// The photo in the folder with a hostile name.
    public let oddFolderPhoto: RawPath
    /// Paths that must never be listed: empty, text, FIFO, socket, dangling and looping links.
    public let notMedia: [RawPath]
    /// Listed, but refused by the pixel cap before decoding.
    public let bombs: [RawPath]
    /// Listed, decodable at best in part.
    public let truncated: RawPath
    /// A PNG named .jpg: listed as image/png and decodable.
    public let pngNamedJPEG: RawPath
    /// Link → the file it reaches (a symbolic link and a hard link): the same photo twice.
    public let aliases: [RawPath: RawPath]
    public let deepPhoto: RawPath
    public let manyFolder: RawPath
    public let manyCount: Int
    public let lockedFolder: RawPath
    /// Copies of the shared corpus: listed or not depending on their content.
    public let corpus: [RawPath]

    /// Builds the library in `dir/Hostile`. `manyCount` small photos go in one folder.
    public static func make(in dir: TemporaryDirectory, manyCount: Int = 20_000, depth: Int = 60,
                            includeCorpus: Bool = true) throws -> HostileLibrary {
        chmod(dir.path, 0o755)  // mkdtemp makes it 0700; an unprivileged scanner must get in
        let root = RawPath(dir.path + "/Hostile")
        try makeFolder(root)
        var media: Set<RawPath> = []
        var notMedia: [RawPath] = []
        let base = 1_700_000_000.0

        // A small real JPEG and PNG to copy from.
        let sample = dir.path + "/.hostile-sample.jpg"
        try ImageFactory.write(sample, width: 96, height: 64, format: .jpeg, color: (30, 140, 200))
        let jpeg = try RawFiles.read(sample)
        try ImageFactory.write(sample, width: 8, height: 8, format: .jpeg, color: (90, 90, 90))
        let tinyJPEG = try RawFiles.read(sample)
        try ImageFactory.write(sample, width: 40, height: 30, format: .png, color: (250, 200, 0))
        let png = try RawFiles.read(sample)
        unlink(sample)

        // names/: one distinct photo per hostile name, newest first in `oddNames` order.
        let names = root.appending(component: Array("names".utf8))
        try makeFolder(names)
        var oddNames: [RawPath] = []
        for (i, name) in hostileNames.enumerated() {
            let target = names.appending(component: name)
            let plain = names.description + "/.plain-\(i).jpg"
            try ImageFactory.write(plain, width: 96, height: 64, format: .jpeg,
                                   color: (UInt8(truncatingIfNeeded: 20 + i * 11), UInt8(truncatingIfNeeded: 220 - i * 7), 90))
            try ImageFactory.setModified(plain, base - Double(i) * 3600)
            try rename(plain, to: target)
            oddNames.append(target)
        }
        media.formUnion(oddNames)

        // A folder whose own name is hostile.
        let oddFolder = root.appending(component: Array("odd\ndir ".utf8) + [0xFF])
        try makeFolder(oddFolder)
        let oddFolderPhoto = oddFolder.appending(component: Array("inside.jpg".utf8))
        try RawFiles.write(jpeg, to: oddFolderPhoto)
        media.insert(oddFolderPhoto)

        // broken/
        let broken = root.appending(component: Array("broken".utf8))
        try makeFolder(broken)
        let empty = broken.appending(component: Array("empty.jpg".utf8))
        try RawFiles.write([], to: empty)
        let text = broken.appending(component: Array("text.jpg".utf8))
        try RawFiles.write(Array("this is not a photo, whatever its name says\n".utf8), to: text)
        notMedia += [empty, text]
        let truncated = broken.appending(component: Array("truncated.jpg".utf8))
        try RawFiles.write(Array(jpeg.prefix(jpeg.count * 2 / 5)), to: truncated)
        let pngNamedJPEG = broken.appending(component: Array("png-named.jpg".utf8))
        try RawFiles.write(png, to: pngNamedJPEG)
        media.formUnion([truncated, pngNamedJPEG])

        // bombs/
        let bombs = root.appending(component: Array("bombs".utf8))
        try makeFolder(bombs)
        let bombPNG = bombs.appending(component: Array("bomb.png".utf8))
        try RawFiles.write(HostileImages.pngClaiming(width: 60_000, height: 60_000, from: png), to: bombPNG)
        let hugeJPEG = bombs.appending(component: Array("huge.jpg".utf8))
        try RawFiles.write(HostileImages.jpegClaiming(width: 65_000, height: 65_000, from: jpeg), to: hugeJPEG)
        media.formUnion([bombPNG, hugeJPEG])

        // special/
        let special = root.appending(component: Array("special".utf8))
        try makeFolder(special)
        let fifo = special.appending(component: Array("fifo.jpg".utf8))
        try RawFiles.makeFIFO(fifo.description)
        let socket = special.appending(component: Array("socket.jpg".utf8))
        try makeSocket(socket)
        notMedia += [fifo, socket]

        // originals/ and links/
        let originals = root.appending(component: Array("originals".utf8))
        try makeFolder(originals)
        let original = originals.appending(component: Array("original.jpg".utf8))
        try RawFiles.write(jpeg, to: original)
        let links = root.appending(component: Array("links".utf8))
        try makeFolder(links)
        let dangling = links.appending(component: Array("dangling.jpg".utf8))
        try symlink("/nonexistent/photopick/nowhere.jpg", at: dangling)
        let selfLink = links.appending(component: Array("self.jpg".utf8))
        try symlink("self.jpg", at: selfLink)
        try symlink("..", at: links.appending(component: Array("loop".utf8)))
        let alias = links.appending(component: Array("alias.jpg".utf8))
        try symlink("../originals/original.jpg", at: alias)
        let hard = links.appending(component: Array("hard.jpg".utf8))
        guard hard.withCString({ h in original.withCString { link($0, h) } }) == 0 else {
            throw FactoryError("link \(hard): \(String(cString: strerror(errno)))")
        }
        notMedia += [dangling, selfLink]
        media.formUnion([original, alias, hard])

        // deep/d01/…/dNN/deep.jpg
        var deep = root.appending(component: Array("deep".utf8))
        for level in 1...depth { deep = deep.appending(component: Array(String(format: "d%02d", level).utf8)) }
        try makeFolder(deep, parents: true)
        let deepPhoto = deep.appending(component: Array("deep.jpg".utf8))
        try RawFiles.write(jpeg, to: deepPhoto)
        media.insert(deepPhoto)

        // many/: one folder, many small photos, older than everything else.
        let many = root.appending(component: Array("many".utf8))
        try makeFolder(many)
        for i in 0..<manyCount {
            let path = many.appending(component: Array(String(format: "many-%05d.jpg", i).utf8))
            try write(tinyJPEG, to: path, modified: base - 86_400 * 365 - Double(i))
            media.insert(path)
        }

        // Locked folder, unsearchable folder and unreadable file (enforced for users other than root).
        let locked = root.appending(component: Array("locked".utf8))
        try makeFolder(locked)
        let secret = locked.appending(component: Array("secret.jpg".utf8))
        try RawFiles.write(jpeg, to: secret)
        let noexec = root.appending(component: Array("noexec".utf8))
        try makeFolder(noexec)
        let inside = noexec.appending(component: Array("inside.jpg".utf8))
        try RawFiles.write(jpeg, to: inside)
        let lockedFile = root.appending(component: Array("locked-file.jpg".utf8))
        try RawFiles.write(jpeg, to: lockedFile)
        _ = locked.withCString { chmod($0, 0) }
        _ = noexec.withCString { chmod($0, 0o644) }
        _ = lockedFile.withCString { chmod($0, 0) }

        // corpus/
        var corpus: [RawPath] = []
        if includeCorpus, let shared = HostileLibrary.sharedCorpus {
            for sub in ["decode-fail", "decode-modified", "formats"] {
                let from = shared + "/" + sub
                guard let entries = try? FileManager.default.contentsOfDirectory(atPath: from) else { continue }
                let folder = root.appending(component: Array("corpus".utf8)).appending(component: Array(sub.utf8))
                try makeFolder(folder, parents: true)
                for name in entries.sorted() {
                    let target = folder.appending(component: Array(name.utf8))
                    try RawFiles.write(try RawFiles.read(from + "/" + name), to: target)
                    corpus.append(target)
                }
            }
        }

        return HostileLibrary(root: root, media: media, lockedMedia: [secret, inside, lockedFile], oddNames: oddNames,
                              namesFolder: names, oddFolderPhoto: oddFolderPhoto, notMedia: notMedia,
                              bombs: [bombPNG, hugeJPEG], truncated: truncated, pngNamedJPEG: pngNamedJPEG,
                              aliases: [alias: original, hard: original], deepPhoto: deepPhoto, manyFolder: many,
                              manyCount: manyCount, lockedFolder: locked, corpus: corpus)
    }

    /// The names of `names/`: each one breaks some naive consumer of file names.
    public static let hostileNames: [[UInt8]] = HostileNames.names + [
        Array("$(touch pwned) `id` ; rm -rf x &.jpg".utf8),
        Array("carriage\rreturn.jpg".utf8),
        Array("glob *?[a-z]{x,y}.jpg".utf8),
        Array(" leading and trailing space .jpg".utf8),
        Array("--select=other.jpg".utf8),
        Array("file:%2F%2Fnot-a-uri %00.jpg".utf8),
        Array("rtl \u{202E}gpj.exe".utf8),
        Array("combining e\u{301} cafe\u{301}.jpg".utf8),
        Array("latin1 caf".utf8) + [0xE9] + Array(".jpg".utf8),
        Array("lone continuation ".utf8) + [0x80] + Array(".jpg".utf8),
        Array("overlong ".utf8) + [0xC0, 0xAF] + Array(".jpg".utf8),
        Array("surrogate ".utf8) + [0xED, 0xA0, 0x80] + Array(".jpg".utf8),
        Array("cut sequence ".utf8) + [0xE2, 0x82] + Array(".jpg".utf8),
        Array("control \u{1}\u{1B}[31m bell\u{7}.jpg".utf8),
        Array(String(repeating: "x", count: 246).utf8) + Array(".jpg".utf8),  // 250 bytes
        Array("\"quoted\".jpg".utf8),
        Array("{\"json\": [1, 2]}.jpg".utf8),
    ]

    /// `../shared/corpus` beside the repository, or `$PHOTOPICK_CORPUS`.
    public static var sharedCorpus: String? {
        if let env = ProcessInfo.processInfo.environment["PHOTOPICK_CORPUS"], !env.isEmpty { return env }
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// What the scanner must list when run by a user with this uid (root reads locked files).
    public func expectedMedia(asRoot: Bool) -> Set<RawPath> { asRoot ? media.union(lockedMedia) : media }

    // MARK: Making things

    static func makeFolder(_ path: RawPath, parents: Bool = false) throws {
        if parents {
            var current = RawPath(bytes: [])
            for part in path.bytes.split(separator: UInt8(ascii: "/")) {
                current = RawPath(bytes: current.bytes + [UInt8(ascii: "/")] + part)
                _ = current.withCString { mkdir($0, 0o755) }
            }
            return
        }
        guard path.withCString({ mkdir($0, 0o755) }) == 0 || errno == EEXIST else {
            throw FactoryError("mkdir \(path): \(String(cString: strerror(errno)))")
        }
    }

    static func rename(_ from: String, to target: RawPath) throws {
        guard target.withCString({ Glibc.rename(from, $0) }) == 0 else {
            throw FactoryError("rename to \(target): \(String(cString: strerror(errno)))")
        }
    }

    static func symlink(_ destination: String, at path: RawPath) throws {
        guard path.withCString({ Glibc.symlink(destination, $0) }) == 0 else {
            throw FactoryError("symlink \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes a file and sets its modification time on the open descriptor (fast for many files).
    static func write(_ bytes: [UInt8], to path: RawPath, modified: Double) throws {
        let fd = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw FactoryError("open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard n == bytes.count else { throw FactoryError("write \(path)") }
        let seconds = Int(modified)
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        guard futimens(fd, &times) == 0 else { throw FactoryError("futimens \(path)") }
    }

    /// A Unix domain socket bound at `path` (the socket file stays after the descriptor closes).
    public static func makeSocket(_ path: RawPath) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw FactoryError("socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.bytes.count < capacity else { throw FactoryError("socket path too long: \(path)") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path.bytes)
            raw[path.bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw FactoryError("bind \(path): \(String(cString: strerror(errno)))") }
    }
}

/// Image files whose headers lie about their size.
public enum HostileImages {
    /// `png` with its IHDR width and height replaced (CRC fixed), pixel data unchanged:
    /// a decoder that trusts the header allocates width × height × channels bytes.
    public static func pngClaiming(width: Int, height: Int, from png: [UInt8]) throws -> [UInt8] {
        // Signature (8), IHDR length (4), "IHDR" (4), then width and height.
        guard png.count > 33, Array(png[12..<16]) == Array("IHDR".utf8) else { throw FactoryError("not a PNG with IHDR first") }
        var out = png
        out.replaceSubrange(16..<20, with: bigEndian32(width))
        out.replaceSubrange(20..<24, with: bigEndian32(height))
        out.replaceSubrange(29..<33, with: bigEndian32(Int(CRC32.checksum(out[12..<29]))))
        return out
    }

    /// `jpeg` with every frame header's (SOFn) height and width replaced.
    public static func jpegClaiming(width: Int, height: Int, from jpeg: [UInt8]) throws -> [UInt8] {
        var out = jpeg
        var i = 2
        var patched = false
        while i + 4 <= out.count, out[i] == 0xFF {
            let marker = out[i + 1]
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(out[i + 2]) << 8 | Int(out[i + 3])
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                out[i + 5] = UInt8(height >> 8); out[i + 6] = UInt8(height & 0xFF)
                out[i + 7] = UInt8(width >> 8); out[i + 8] = UInt8(width & 0xFF)
                patched = true
            }
            i += 2 + length
        }
        guard patched else { throw FactoryError("no JPEG frame header found") }
        return out
    }

    public static func bigEndian32(_ v: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }
}

/// CRC-32 (ISO-HDLC), as PNG chunks carry it.
public enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
