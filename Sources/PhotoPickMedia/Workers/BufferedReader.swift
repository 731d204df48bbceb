import Foundation
import Glibc
import PhotoPickSystem

/// Lines and exact byte counts from one file descriptor: a worker's replies, read by the
/// pool's thread for that worker, and a worker's requests (`LineReader`). A line longer
/// than 1 MiB ends the reading, as a worker that sends one is broken.
struct BufferedReader {
    let fd: Int32
    /// What was read and not taken yet: `buffer[start...]`. Taking moves `start` on rather
    /// than moving the rest down (a thumbnail's pixels follow their header in the same read).
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where each read lands: allocated once, not zero-filled again for every read (that cost
    /// as much as the read itself for a thumbnail's pixels).
    private var chunk: [UInt8]

    init(fd: Int32, readBytes: Int = 256 * 1024) {
        self.fd = fd
        chunk = [UInt8](repeating: 0, count: readBytes)
    }

    private mutating func fill() -> Bool {
        let fd = fd
        guard let n = try? Syscall.retrying("read", { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }),
              n > 0 else { return false }
        if start > 0 {  // what was taken goes; only the rest of a line moves down
            buffer.removeSubrange(..<start)
            start = 0
        }
        buffer += chunk[..<n]
        return true
    }

    mutating func line() -> Substring? {
        while true {
            if let nl = buffer[start...].firstIndex(of: 0x0A) {
                let text = String(decoding: buffer[start..<nl], as: UTF8.self)
                start = nl + 1
                return Substring(text)
            }
            guard buffer.count - start < 1 << 20, fill() else { return nil }
        }
    }

    /// Exactly `n` bytes. What is not buffered yet is read straight into the result: a
    /// preview's pixels can be hundreds of megabytes, not to be copied twice more.
    /// The result's memory is not zero-filled first: every byte of it is copied or read into.
    mutating func data(_ n: Int) -> Data? {
        guard n > 0 else { return Data() }
        guard let memory = malloc(n)?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let buffered = min(n, buffer.count - start)
        if buffered > 0 { buffer.withUnsafeBufferPointer { memory.update(from: $0.baseAddress! + start, count: buffered) } }
        start += buffered
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        var done = buffered
        let fd = fd
        while done < n {
            guard let got = try? Syscall.retrying("read", { read(fd, memory + done, n - done) }), got > 0 else {
                free(memory)
                return nil
            }
            done += got
        }
        return Data(bytesNoCopy: memory, count: n, deallocator: .free)
    }
}
