extension FolderStamps {
    /// `changes` in order, as one pass over the folder: a later change to a path wins, a nil
    /// stamp forgets the path. A listing's folder of a thousand files, or a verifying pass's
    /// removals, cost a sort of the changes and one merge, not a shift of the entries per file.
    public mutating func apply(_ changes: [(path: RawPath, stamp: FileStamp?)]) {
        guard changes.count > 8 else {
            for change in changes { self[change.path] = change.stamp }
            return
        }
        if updatesInPlace(changes) { return }
        for change in changes { cover(change.path) }
        let skip = folder!.bytes.count
        func name(of change: Int) -> ArraySlice<UInt8> { changes[change].path.bytes[skip...] }
        // The changes in byte order of their names; of equal names, the last given only.
        let order = changes.indices.sorted { a, b in
            let c = Self.compare(name(of: a), name(of: b))
            return c != 0 ? c < 0 : a < b
        }
        var latest: [Int] = []
        latest.reserveCapacity(order.count)
        for k in order.indices where k + 1 == order.count || Self.compare(name(of: order[k]), name(of: order[k + 1])) != 0 {
            latest.append(order[k])
        }

        var merged = Merged(capacity: entries.count + latest.count, nameBytes: names.count - unused)
        var i = 0, j = 0
        while i < entries.count || j < latest.count {
            let c = i == entries.count ? 1 : j == latest.count ? -1 : Self.compare(self.name(entries[i]), name(of: latest[j]))
            if c < 0 {
                merged.add(self.name(entries[i]), stamp(at: i))
                i += 1
            } else {
                if let stamp = changes[latest[j]].stamp { merged.add(name(of: latest[j]), stamp) }
                if c == 0 { i += 1 }
                j += 1
            }
        }
        precondition(merged.names.count <= Int(UInt32.max), "more than 4 GiB of file names in one folder")
        names = merged.names
        entries = merged.entries
        device = merged.device ?? 0
        otherDevices = merged.otherDevices
        unused = 0
    }

    /// A verifying pass's round only restamps files already here: each found and changed
    /// where it is, when every one is (true), without making the folder again.
    private mutating func updatesInPlace(_ changes: [(path: RawPath, stamp: FileStamp?)]) -> Bool {
        var places: [Int] = []
        places.reserveCapacity(changes.count)
        for change in changes {
            guard change.stamp != nil, let i = index(of: change.path) else { return false }
            places.append(i)
        }
        for (change, i) in zip(changes, places) { restamp(i, change.stamp!) }
        return true
    }

    private static func compare(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        a.withUnsafeBytes { x in b.withUnsafeBytes { y in ByteOrder.compare(x, y) } }
    }

    /// A folder's storage made anew, entry by entry in order.
    private struct Merged {
        var names: [UInt8] = []
        var entries: [Entry] = []
        var device: UInt64?
        var otherDevices: [[UInt8]: UInt64] = [:]

        init(capacity: Int, nameBytes: Int) {
            entries.reserveCapacity(capacity)
            names.reserveCapacity(nameBytes)
        }

        mutating func add(_ name: ArraySlice<UInt8>, _ stamp: FileStamp) {
            entries.append(Entry(start: UInt32(truncatingIfNeeded: names.count), length: UInt32(name.count),
                                 sizeBytes: stamp.sizeBytes, modified: stamp.modified, inode: stamp.inode))
            names.append(contentsOf: name)
            if device == nil { device = stamp.device }
            if stamp.device != device { otherDevices[Array(name)] = stamp.device }
        }
    }
}
