#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// One `struct inotify_event` as read from the inotify descriptor.
struct InotifyEvent: Equatable {
    let watch: Int32
    let mask: UInt32
    /// The entry's name inside the watched folder; empty for events on the folder itself.
    let name: [UInt8]

    func has(_ flags: Int32) -> Bool { mask & UInt32(bitPattern: flags) != 0 }

    /// The events in the first `count` bytes of `buffer`: a 16-byte header (wd, mask,
    /// cookie, len) followed by `len` bytes of NUL-padded name, repeated.
    static func parse(_ buffer: UnsafeRawBufferPointer, count: Int) -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        var offset = 0
        while offset + 16 <= count {
            let watch = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + 16, nameEnd = min(nameStart + length, count)
            let raw = buffer[nameStart..<nameEnd]
            events.append(InotifyEvent(watch: watch, mask: mask, name: Array(raw.prefix { $0 != 0 })))
            offset = nameStart + length
        }
        return events
    }
}
