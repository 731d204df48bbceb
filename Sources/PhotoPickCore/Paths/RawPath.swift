import Foundation

/// An absolute file path kept as the exact bytes the kernel gave us.
///
/// File names on Linux are byte strings, not Unicode: keeping the bytes is what lets
/// every output format hand a name back byte for byte, even when it is not valid UTF-8.
public struct RawPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }
    public init(_ string: String) { self.bytes = Array(string.utf8) }

    /// A readable form for display; invalid UTF-8 shows as U+FFFD.
    public var description: String { String(decoding: bytes, as: UTF8.self) }

    /// True when the bytes are valid UTF-8, so `description` is lossless.
    public var isValidUTF8: Bool { String(validating: bytes, as: UTF8.self) != nil }

    public var lastComponentBytes: ArraySlice<UInt8> {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes[...] }
        return bytes[(slash + 1)...]
    }

    public var lastComponent: String { String(decoding: lastComponentBytes, as: UTF8.self) }

    public var parent: RawPath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return self }
        return RawPath(bytes: slash == 0 ? [UInt8(ascii: "/")] : Array(bytes[..<slash]))
    }

    public func appending(component: some Collection<UInt8>) -> RawPath {
        var b = bytes
        if b.last != UInt8(ascii: "/") { b.append(UInt8(ascii: "/")) }
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

    /// Calls `body` with a NUL-terminated C string of the path.
    public func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        try (bytes + [0]).withUnsafeBufferPointer { buf in
            try buf.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    public static func < (a: RawPath, b: RawPath) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }
}
