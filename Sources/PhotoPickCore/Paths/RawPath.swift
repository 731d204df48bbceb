/// An absolute file path kept as the exact bytes the kernel gave us.
///
/// File names on Linux are byte strings, not Unicode: keeping the bytes is what lets
/// every output format hand a name back byte for byte, even when it is not valid UTF-8.
///
/// The hot members are `@inlinable`: the walk, the index and the library call them once per
/// file from other modules, where a generic (`withCString`, `appending`) would otherwise run
/// unspecialised (interleaved runs after the walk moved out of Core showed its listing pass slower).
/// Codable as its bytes: a worker's error crosses its pipe naming the file (Media's `MediaError`).
public struct RawPath: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    public let bytes: [UInt8]

    @inlinable
    public init(bytes: [UInt8]) { self.bytes = bytes }
    public init(_ string: String) { self.bytes = Array(string.utf8) }

    /// A readable form for display; invalid UTF-8 shows as U+FFFD.
    public var description: String { String(decoding: bytes, as: UTF8.self) }

    @inlinable
    public var lastComponentBytes: ArraySlice<UInt8> {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes[...] }
        return bytes[(slash + 1)...]
    }

    public var lastComponent: String { String(decoding: lastComponentBytes, as: UTF8.self) }

    @inlinable
    public var parent: RawPath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return self }
        return RawPath(bytes: slash == 0 ? [UInt8(ascii: "/")] : Array(bytes[..<slash]))
    }

    /// Made in a buffer of exactly the path's size: appending to a copy of the folder's bytes
    /// doubled the folder's capacity first (growth for append), and a library keeps each
    /// path for as long as it is open (about 48 bytes more per file at a million).
    @inlinable
    public func appending(component: some Collection<UInt8>) -> RawPath {
        let slash = bytes.last != UInt8(ascii: "/")
        var b: [UInt8] = []
        b.reserveCapacity(bytes.count + (slash ? 1 : 0) + component.count)
        b.append(contentsOf: bytes)
        if slash { b.append(UInt8(ascii: "/")) }
        b.append(contentsOf: component)
        return RawPath(bytes: b)
    }

    /// The path below `root`, or nil when this path is not inside it.
    public func relative(to root: RawPath) -> [UInt8]? {
        if self == root { return [] }
        var prefix = root.bytes
        if prefix.last != UInt8(ascii: "/") { prefix.append(UInt8(ascii: "/")) }
        guard bytes.starts(with: prefix) else { return nil }
        return Array(bytes[prefix.count...])
    }

    /// Calls `body` with a NUL-terminated C string of the path. The copy lives on the stack
    /// (for paths of ordinary length): a scan makes one of these per `stat`.
    @inlinable
    public func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        try withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
            bytes.withUnsafeBytes { source in
                if let from = source.baseAddress {
                    UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: from, byteCount: source.count)
                }
            }
            buffer[bytes.count] = 0
            return try body(buffer.baseAddress!)
        }
    }

    /// Hashes the bytes in one go; the synthesised hash feeds them to the hasher one by one,
    /// which made path-keyed dictionaries (the index, the library) a hot spot at 100,000 files.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    @inlinable
    public static func == (a: RawPath, b: RawPath) -> Bool { a.bytes == b.bytes }

    /// Byte order (what `memcmp` and `ls` in the C locale give).
    @inlinable
    public static func < (a: RawPath, b: RawPath) -> Bool {
        a.bytes.withUnsafeBytes { x in
            b.bytes.withUnsafeBytes { y in
                let common = min(x.count, y.count)
                var i = 0
                // Eight bytes at a time, read big-endian so that numeric order is byte order.
                while i + 8 <= common {
                    let p = x.loadUnaligned(fromByteOffset: i, as: UInt64.self).bigEndian
                    let q = y.loadUnaligned(fromByteOffset: i, as: UInt64.self).bigEndian
                    if p != q { return p < q }
                    i += 8
                }
                while i < common {
                    if x[i] != y[i] { return x[i] < y[i] }
                    i += 1
                }
                return x.count < y.count
            }
        }
    }
}
