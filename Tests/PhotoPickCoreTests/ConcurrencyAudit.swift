import Foundation

/// One concurrency model, and the exceptions to it: the one place they are written down.
///
/// The model: shared state is a `Mutex` (or an `Atomic`); a thread that must block is started
/// by `BlockingThread` (PhotoPickSystem), named and with its reason, and waits, if it must, on
/// a `BlockingState`; everything else is Swift concurrency. `ConcurrencyAuditTests` counts,
/// in the code of every file under Sources/ (comments and strings blanked), the constructs
/// that leave the model, and holds each file to the count `exceptions` allows it: a new use
/// fails, and so does an entry that allows more than the file still has (the list only
/// shrinks). Every `@unchecked Sendable` and `nonisolated(unsafe)` says why it is safe in a
/// `// Safe:` comment right above it. docs/ARCHITECTURE.md's Concurrency section names every
/// file listed here (checked there too). The scanner is checked on made-up files in
/// `ConcurrencyAuditSelfCheckTests`.
enum ConcurrencyAudit {
    enum Kind: String, CaseIterable, Comparable {
        case nsLock = "NSLock"
        case nsCondition = "NSCondition"
        case dispatch = "Dispatch"
        case thread = "a thread started by hand"
        case uncheckedSendable = "@unchecked Sendable"
        case nonisolatedUnsafe = "nonisolated(unsafe)"
        // The model's own constructs: counted (for the record), allowed anywhere.
        case mutex = "Mutex"
        case atomic = "Atomic"
        case taskDetached = "Task.detached"

        /// The construct, as a pattern on the code.
        var pattern: String {
            switch self {
            case .nsLock: return #"\bNS(Recursive)?Lock\b"#
            case .nsCondition: return #"\bNSCondition(Lock)?\b"#
            case .dispatch: return #"\bDispatch[A-Z]\w*|\bimport\s+Dispatch\b|\b_?dispatch_\w+\s*\(|\bconcurrentPerform\b"#
            case .thread: return #"\bThread\s*(\{|\(\s*block\b)|\bThread\.detachNewThread\b|\bpthread_create\b"#
            case .uncheckedSendable: return #"@unchecked\s+Sendable\b"#
            case .nonisolatedUnsafe: return #"\bnonisolated\s*\(\s*unsafe\s*\)"#
            case .mutex: return #"\bMutex\s*[<(]"#
            case .atomic: return #"\bAtomic\s*[<(]"#
            case .taskDetached: return #"\bTask\.detached\b"#
            }
        }

        /// Whether a use must be on the exceptions list.
        var isException: Bool {
            switch self {
            case .mutex, .atomic, .taskDetached: return false
            default: return true
            }
        }

        /// Whether each use needs a `// Safe:` comment right above it.
        var needsSafetyComment: Bool { self == .uncheckedSendable || self == .nonisolatedUnsafe }

        static func < (a: Kind, b: Kind) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// A file (below Sources/) allowed `count` uses of `kind`, and why.
    struct Exception {
        let file: String
        let kind: Kind
        let count: Int
        let reason: String

        init(_ file: String, _ kind: Kind, _ count: Int = 1, _ reason: String) {
            self.file = file
            self.kind = kind
            self.count = count
            self.reason = reason
        }

        /// The name docs/ARCHITECTURE.md gives the file: its name without `.swift`.
        var name: String { String(file.split(separator: "/").last!.dropLast(".swift".count)) }
    }

    /// Every use outside the model. It may only shrink: lower a count, or drop an entry, as
    /// uses go (the audit fails until it is).
    static let exceptions: [Exception] = [
        // The helper and the primitive themselves.
        .init("PhotoPickSystem/Threads/BlockingThread.swift", .thread, 1,
              "the one place a thread is started: named, with its reason"),
        .init("PhotoPickSystem/Threads/BlockingState.swift", .nsCondition, 1,
              "the one condition variable, behind typed state (a Mutex cannot be waited on)"),
        .init("PhotoPickSystem/Threads/BlockingState.swift", .uncheckedSendable, 1,
              "its state is touched only under the condition's lock"),

        // Dispatch where nothing else does the job.
        .init("PhotoPickGtk/Interop/MainQueueBridge.swift", .dispatch, 5,
              "GLib's loop owns the main thread and drains the main queue (the main actor's "
                + "executor) through libdispatch's eventfd: the one way back to the main thread"),
        .init("photopick/ExportCommand.swift", .dispatch, 2,
              "signal sources: `photopick export` runs no GLib loop, and a signal taken on a "
                + "queue (outside a handler) may cancel the export task"),

        // `@unchecked Sendable`: each says why in its `// Safe:` comment.
        .init("PhotoPickCore/Library/PreparedLibrary.swift", .uncheckedSendable, 1,
              "HandOver: taken once, under a Mutex; the maker lets go of the value"),
        .init("PhotoPickCore/Search/NameTable.swift", .uncheckedSendable, 1,
              "NameStore: the owner writes only past what any snapshot reads"),
        .init("PhotoPickSystem/Inotify/InotifyLoop.swift", .uncheckedSendable, 1,
              "used only on the watcher's thread"),
        .init("PhotoPickSystem/Watch/LibraryMonitor.swift", .uncheckedSendable, 1,
              "MonitorCore: used only in the debouncer's deliveries, which never overlap"),
        .init("PhotoPickIndex/MetadataIndex.swift", .uncheckedSendable, 1,
              "SQLite handle and buffers used only under `lock` (a Mutex)"),
        .init("PhotoPickMedia/Export/ExportWorkerProcess.swift", .uncheckedSendable, 1,
              "its read buffer is used by the one slot thread that drives it"),
        .init("PhotoPickPortal/GLib/BusConnection.swift", .uncheckedSendable, 1,
              "an immutable pointer to a GDBusConnection, which is thread-safe"),
        .init("PhotoPickGtk/Interop/ObjectRef.swift", .uncheckedSendable, 1,
              "an immutable GObject pointer; g_object_unref is thread-safe"),
        .init("PhotoPickGtk/Interop/WeakObject.swift", .uncheckedSendable, 1,
              "an immutable GWeakRef slot; GWeakRef is thread-safe"),
        .init("PhotoPickGtk/Interop/Texture.swift", .uncheckedSendable, 1,
              "an immutable GdkTexture; g_object_unref is thread-safe"),
        .init("PhotoPickGtk/Interop/PixelBuffer.swift", .uncheckedSendable, 1,
              "written by its maker before it is handed on, read-only after"),

        // `nonisolated(unsafe)`: each says why in its `// Safe:` comment.
        .init("photopick/CrashResponse.swift", .nonisolatedUnsafe, 2,
              "what a signal handler reads: set before it is installed, and a sig_atomic_t"),
        .init("PhotoPickPortal/GLib/ChildProcess.swift", .nonisolatedUnsafe, 1,
              "a main-actor object's pointer, released in its deinit"),
        .init("PhotoPickGtk/Chooser/ChooserChrome.swift", .nonisolatedUnsafe, 1,
              "a widget pointer carried to the main actor from a main-thread signal"),
        .init("PhotoPickGtk/Interop/FolderDialog.swift", .nonisolatedUnsafe, 1,
              "a GAsyncResult GTK hands over on the main thread"),
        .init("PhotoPickGtk/Interop/Signals.swift", .nonisolatedUnsafe, 1,
              "a signal's argument, on the main thread GTK emits it on"),
    ]

    /// How often each kind occurs in the code of `source` (comments and strings left out).
    static func counts(in source: String) -> [Kind: Int] {
        let code = SwiftCodeText.code(of: source)
        var counts: [Kind: Int] = [:]
        for kind in Kind.allCases {
            let n = matches(kind.pattern, in: code)
            if n > 0 { counts[kind] = n }
        }
        return counts
    }

    /// The lines (1-based) of `source` with an `@unchecked Sendable` or `nonisolated(unsafe)`
    /// in code and no `// Safe:` comment right above: in the block of comment lines (and
    /// attributes) that ends on the line before, with no blank line between.
    static func unexplained(in source: String) -> [Int] {
        let code = SwiftCodeText.code(of: source, keepingLines: true).split(separator: "\n", omittingEmptySubsequences: false)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var missing: [Int] = []
        for (i, line) in code.enumerated()
        where Kind.allCases.contains(where: { $0.needsSafetyComment && matches($0.pattern, in: String(line)) > 0 }) {
            var above = i - 1
            var explained = false
            while above >= 0 {
                let text = lines[above].trimmingCharacters(in: .whitespaces)
                guard text.hasPrefix("//") || text.hasPrefix("@") else { break }
                if text.hasPrefix("// Safe:") { explained = true }
                above -= 1
            }
            if !explained { missing.append(i + 1) }
        }
        return missing
    }

    /// What fails for `files` (path below Sources/, text) against `allowed`: uses beyond what
    /// the list allows, entries allowing more than is left, and unexplained unsafe spots.
    static func findings(_ files: [(path: String, text: String)], allowed: [Exception]) -> [String] {
        var out: [String] = []
        var found: [String: [Kind: Int]] = [:]
        for (path, text) in files {
            found[path] = counts(in: text)
            for line in unexplained(in: text) {
                out.append("\(path):\(line) has no `// Safe:` comment right above it saying why it is safe")
            }
        }
        var allowance: [String: [Kind: Int]] = [:]
        for e in allowed { allowance[e.file, default: [:]][e.kind, default: 0] += e.count }
        for path in found.keys.sorted() {
            for (kind, n) in found[path]!.sorted(by: { $0.key < $1.key }) where kind.isException {
                let may = allowance[path]?[kind] ?? 0
                if n > may {
                    out.append("\(path) has \(n) \(kind.rawValue) where ConcurrencyAudit.exceptions allows \(may): "
                               + "use the model (Mutex, BlockingThread, Swift concurrency) or list it with a reason")
                }
            }
        }
        for path in allowance.keys.sorted() {
            for (kind, may) in allowance[path]!.sorted(by: { $0.key < $1.key }) {
                let n = found[path]?[kind] ?? 0
                if n < may {
                    out.append("ConcurrencyAudit.exceptions allows \(path) \(may) \(kind.rawValue) but it has \(n): lower the count")
                }
            }
        }
        return out
    }

    /// Every use of each kind in `files`, summed.
    static func totals(_ files: [(path: String, text: String)]) -> [Kind: Int] {
        var totals: [Kind: Int] = [:]
        for (_, text) in files {
            for (kind, n) in counts(in: text) { totals[kind, default: 0] += n }
        }
        return totals
    }

    /// Each kind's pattern, compiled once.
    private static let regexes: [String: NSRegularExpression] = Dictionary(uniqueKeysWithValues: Kind.allCases.map {
        ($0.pattern, try! NSRegularExpression(pattern: $0.pattern))
    })

    private static func matches(_ pattern: String, in text: String) -> Int {
        regexes[pattern]!.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
    }
}
