import Foundation
import Synchronization

/// The few facts the model must ask the operating system for: the time, the local zone's
/// offset, what a path leads to, the current folder, an environment value, a request's bytes.
///
/// Core stays free of system calls: it asks `Host.current`, and PhotoPickSystem answers
/// (`SystemHost.install()`, called first thing by every program). Until then a detached
/// host answers as a machine with no files in UTC would, so pure tests need nothing.
/// What a path leads to, following symbolic links.
public enum PathKind: Sendable, Equatable { case directory, file, missing }

public protocol HostSystem: Sendable {
    /// Seconds since 1970 (UTC), now.
    func now() -> Double
    /// Seconds east of UTC in the process's zone (`TZ`) at `seconds` since 1970.
    func utcOffset(at seconds: Int64) -> Int64
    /// What `path` leads to, following symbolic links.
    func kind(of path: RawPath) -> PathKind
    /// The device and inode `path` leads to, following symbolic links; nil if unreadable.
    func identity(of path: RawPath) -> FileIdentity?
    func currentDirectory() -> RawPath
    /// The raw bytes of an environment variable; nil when unset.
    func environmentValue(_ name: String) -> [UInt8]?
    /// All of a file's bytes (stdin for nil); nil when it holds more than `limit` bytes
    /// (found without reading it all: it may be a pipe).
    func readAll(_ path: RawPath?, limit: Int) throws(SystemError) -> [UInt8]?
}

public enum Host {
    private static let installed = Mutex<any HostSystem>(DetachedHost())

    /// The host answering now.
    public static var current: any HostSystem { installed.withLock { $0 } }

    /// Makes `host` answer from now on (PhotoPickSystem's, or a test's).
    public static func install(_ host: any HostSystem) { installed.withLock { $0 = host } }
}

/// The answers before a real host is installed: UTC, no files, no environment; the clock is
/// still the real one (Foundation's), since the "Recently Added" of a pure test is measured
/// from it.
struct DetachedHost: HostSystem {
    func now() -> Double { Date().timeIntervalSince1970 }
    func utcOffset(at seconds: Int64) -> Int64 { 0 }
    func kind(of path: RawPath) -> PathKind { .missing }
    func identity(of path: RawPath) -> FileIdentity? { nil }
    func currentDirectory() -> RawPath { RawPath("/") }
    func environmentValue(_ name: String) -> [UInt8]? { nil }
    func readAll(_ path: RawPath?, limit: Int) throws(SystemError) -> [UInt8]? {
        throw SystemError(call: "open", code: 38, reason: "No operating system attached (SystemHost.install)")
    }
}
