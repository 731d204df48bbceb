import PhotoPickCore

/// The files a listing has taken, by device and inode: open addressing over one flat array.
/// A million inserts into `Set<FileIdentity>` cost about a tenth of `photopick list`'s CPU
/// (SipHash, rehashing as it grows, and a cache miss per insert); this is a multiply and,
/// mostly, one probe near the last one.
struct IdentitySet {
    private struct Slot {
        var device: UInt64 = 0
        var inode: UInt64 = 0
        var used = false
    }

    private var slots: [Slot]
    private(set) var count = 0

    init(minimumCapacity: Int = 1024) {
        var size = 16
        while size < minimumCapacity * 2 { size *= 2 }
        slots = Array(repeating: Slot(), count: size)
    }

    /// False when `key` was there already.
    mutating func insert(_ key: FileIdentity) -> Bool {
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var i = slot(key)
        while slots[i].used {
            if slots[i].inode == key.inode, slots[i].device == key.device { return false }
            i = (i + 1) & mask
        }
        slots[i] = Slot(device: key.device, inode: key.inode, used: true)
        count += 1
        return true
    }

    /// The files of one folder mostly got inodes near each other when they were written, so
    /// the low 4 bits stay the offset inside a run of 16 slots that a hash of the rest picks:
    /// a folder's inserts touch a few dozen kilobytes of the table instead of a cache line
    /// anywhere in tens of megabytes (a miss per file at a million). Runs stay short, so two
    /// that land together cost a few probes (runs of 256 cost hundreds).
    private func slot(_ key: FileIdentity) -> Int {
        let run = ((key.inode >> 4) &+ key.device &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: (run >> 24) << 4 | (key.inode & 0xF)) & (slots.count - 1)
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        count = 0
        for slot in old where slot.used { _ = insert(FileIdentity(device: slot.device, inode: slot.inode)) }
    }
}
