#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// Bytes to a file descriptor through one buffer: a million short lines are a few hundred
/// `write`s, not a million, and no copy of the whole output is ever made.
public struct BufferedOutput: ~Copyable {
    public let fd: Int32
    private var buffer: [UInt8] = []
    private let capacity: Int

    public init(fd: Int32, capacity: Int = 1 << 20) {
        self.fd = fd
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    public mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
        if buffer.count + bytes.count > capacity { try flush() }
        if bytes.count >= capacity { return try FileContents.write(bytes, to: fd) }
        buffer.append(contentsOf: bytes)
    }

    public mutating func write(byte: UInt8) throws {
        if buffer.count >= capacity { try flush() }
        buffer.append(byte)
    }

    /// Writes what is buffered (call at the end: nothing is written on its own at deinit).
    public mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try FileContents.write(buffer, to: fd)
        buffer.removeAll(keepingCapacity: true)
    }
}
