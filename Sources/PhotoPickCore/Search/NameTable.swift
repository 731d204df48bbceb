/// Every asset's file name in one flat block of bytes, indexed by identifier: what the name
/// search reads a million times a keystroke. Kept by the source as assets arrive (identifiers
/// only grow and a name never changes under its identifier: a renamed file is a new asset),
/// so a search never copies names, and a batch landing while one runs copies nothing either.
///
/// Append-only: `snapshot` hands out the first `count` entries, which are never written
/// again, so readers on other threads need no lock while the owner appends past them. When
/// the block is full the owner moves to a bigger one; snapshots keep the old one alive.
final class NameTable {
    private var store: NameStore
    /// Identifier slots `0..<count` are filled (absent ones have no name).
    private(set) var count = 0
    private var usedBytes = 0

    init(capacity: Int = 1024) {
        store = NameStore(capacity: max(capacity, 16), byteCapacity: max(capacity, 16) * 16)
    }

    /// Records the name of `id`, which must be past every identifier recorded so far; the
    /// slots skipped over stay without a name.
    func append(_ id: AssetID, name: ArraySlice<UInt8>) {
        let slot = Int(id.rawValue)
        precondition(slot >= count, "names are recorded in identifier order")
        reserve(slots: slot + 1, bytes: usedBytes + name.count)
        let start = usedBytes
        while count < slot {  // skipped identifiers: empty, absent
            store.starts[count + 1] = UInt32(start)
            store.flags[count] = 0
            count += 1
        }
        var ascii = true
        name.withUnsafeBufferPointer { source in
            for (i, byte) in source.enumerated() {
                store.bytes[start + i] = byte
                if byte >= 0x80 { ascii = false }
            }
        }
        usedBytes += name.count
        store.starts[slot + 1] = UInt32(usedBytes)
        store.flags[slot] = NameStore.present | (ascii ? NameStore.ascii : 0)
        count = slot + 1
    }

    /// The names recorded so far, readable from any thread.
    var snapshot: AssetNames { AssetNames(store: store, count: count) }

    /// Moves to a bigger block when `slots` or `bytes` would not fit (at least doubling, so
    /// a million names arriving in batches are copied a few times in all).
    private func reserve(slots: Int, bytes: Int) {
        guard slots > store.capacity || bytes > store.byteCapacity else { return }
        precondition(bytes <= Int(UInt32.max), "more name bytes than a name table can index (4 GiB)")
        let bigger = NameStore(capacity: max(slots, store.capacity * 2),
                               byteCapacity: max(bytes, store.byteCapacity * 2))
        bigger.bytes.update(from: store.bytes, count: usedBytes)
        bigger.starts.update(from: store.starts, count: count + 1)
        bigger.flags.update(from: store.flags, count: count)
        store = bigger
    }
}

/// The memory of a `NameTable`: fixed in size once made, freed with its last reader.
// Safe: the owning `NameTable` writes only entries at or past the count of every snapshot it
// handed out, and a snapshot reads only below its own count; the handing over (a task's
// start) orders the writes before the reads.
final class NameStore: @unchecked Sendable {
    static let present: UInt8 = 1
    /// Every byte of the name is below 0x80: the search's ASCII path applies.
    static let ascii: UInt8 = 2

    let capacity: Int
    let byteCapacity: Int
    let bytes: UnsafeMutablePointer<UInt8>
    /// Name `i` is `bytes[starts[i]..<starts[i + 1]]`. Four bytes each, not eight: 4 MB less
    /// at a million names, whose bytes are far below 4 GiB (`NameTable.reserve` checks).
    let starts: UnsafeMutablePointer<UInt32>
    let flags: UnsafeMutablePointer<UInt8>

    init(capacity: Int, byteCapacity: Int) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
        bytes = .allocate(capacity: byteCapacity)
        starts = .allocate(capacity: capacity + 1)
        starts[0] = 0
        flags = .allocate(capacity: capacity)
    }

    deinit {
        bytes.deallocate()
        starts.deallocate()
        flags.deallocate()
    }
}
