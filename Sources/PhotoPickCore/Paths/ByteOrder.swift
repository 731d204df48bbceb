/// Byte order of two byte strings, as `memcmp` then length (what `RawPath.<` gives): the one
/// comparison of bytes read in place (the watcher's stamps, the path arena).
enum ByteOrder {
    static func compare(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Int {
        let common = min(x.count, y.count)
        var i = 0
        // Eight bytes at a time, read big-endian so that numeric order is byte order.
        while i + 8 <= common {
            let p = x.loadUnaligned(fromByteOffset: i, as: UInt64.self).bigEndian
            let q = y.loadUnaligned(fromByteOffset: i, as: UInt64.self).bigEndian
            if p != q { return p < q ? -1 : 1 }
            i += 8
        }
        while i < common {
            if x[i] != y[i] { return x[i] < y[i] ? -1 : 1 }
            i += 1
        }
        return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
    }
}
