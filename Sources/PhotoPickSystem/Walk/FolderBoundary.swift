#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// Which folders a walk of the library may enter, whichever path leads there.
///
/// Links are followed, so a `Phone` link to a camera folder elsewhere shows its photos; but a
/// link must not lead out of the library as a whole. A folder is refused when it is `/` or an
/// ancestor of a root (a link back up would list the whole tree, or the disk, again), or when
/// it lies on a pseudo file system (`/proc`, `/sys`, `/dev`, cgroups…: no photos, endless
/// and sometimes blocking entries). The walkers also visit each folder once by device and
/// inode, so no folder is listed twice.
public struct FolderBoundary: Sendable {
    /// `/` and every proper ancestor of a root; the roots themselves stay allowed.
    private let above: Set<FileIdentity>
    /// Devices of mounted pseudo file systems, read once from /proc/self/mountinfo.
    private let pseudoDevices: Set<UInt64>

    /// File system types that hold no user files.
    static let pseudoTypes: Set<String> = [
        "proc", "sysfs", "devtmpfs", "devpts", "cgroup", "cgroup2", "debugfs", "tracefs", "securityfs",
        "configfs", "bpf", "pstore", "efivarfs", "fusectl", "mqueue", "hugetlbfs", "binfmt_misc",
        "autofs", "rpc_pipefs", "nsfs", "selinuxfs", "nfsd",
    ]

    public init(roots: [RawPath]) {
        var above = Set<FileIdentity>()
        var rootKeys = Set<FileIdentity>()
        for root in roots {
            if let key = FileSystemCalls.identity(root) { rootKeys.insert(key) }
            guard var folder = Self.realPath(root) else { continue }
            while folder.parent != folder {
                folder = folder.parent
                if let key = FileSystemCalls.identity(folder) { above.insert(key) }
            }
        }
        if let slash = FileSystemCalls.identity(RawPath("/")) { above.insert(slash) }
        self.above = above.subtracting(rootKeys)
        pseudoDevices = Self.mountedDevices { Self.pseudoTypes.contains($0) }
    }

    /// True when a walk may enter the folder `key` (found in a folder on `parentDevice`).
    public func admits(_ key: FileIdentity, parentDevice: UInt64? = nil) -> Bool {
        if above.contains(key) { return false }
        // Only a mount point changes the device: most folders never reach the set lookup.
        if key.device != parentDevice, pseudoDevices.contains(key.device) { return false }
        return true
    }

    static func realPath(_ path: RawPath) -> RawPath? {
        path.withCString { c in
            guard let resolved = realpath(c, nil) else { return nil }
            defer { free(resolved) }
            return RawPath(bytes: Array(UnsafeBufferPointer(start: resolved, count: strlen(resolved)))
                .map { UInt8(bitPattern: $0) })
        }
    }

    /// Devices of the mounts whose type passes `select`, from /proc/self/mountinfo
    /// ("36 35 98:0 /mnt1 /mnt2 rw … - ext3 /dev/root rw").
    static func mountedDevices(where select: (String) -> Bool) -> Set<UInt64> {
        var devices = Set<UInt64>()
        for line in readProcFile("/proc/self/mountinfo").split(separator: 0x0A) {
            let fields = line.split(separator: 0x20)
            guard fields.count > 3, let dash = fields.firstIndex(of: [0x2D]), dash + 1 < fields.count,
                  select(String(decoding: fields[dash + 1], as: UTF8.self)) else { continue }
            let numbers = fields[2].split(separator: UInt8(ascii: ":"))
            guard numbers.count == 2, let major = UInt64(String(decoding: numbers[0], as: UTF8.self)),
                  let minor = UInt64(String(decoding: numbers[1], as: UTF8.self)) else { continue }
            devices.insert(deviceNumber(major: major, minor: minor))
        }
        return devices
    }

    /// glibc's `makedev`, as `st_dev` holds it.
    static func deviceNumber(major: UInt64, minor: UInt64) -> UInt64 {
        (minor & 0xFF) | ((major & 0xFFF) << 8) | ((minor & ~0xFF) << 12) | ((major & ~0xFFF) << 32)
    }

    /// A /proc file's bytes (its size says 0, so read until the end); empty if unreadable.
    private static func readProcFile(_ path: String) -> [UInt8] {
        (try? FileContents.read(RawPath(path), limit: 16 << 20)) ?? []
    }
}
