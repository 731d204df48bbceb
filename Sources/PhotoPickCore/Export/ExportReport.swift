/// One file of an export: what it came from and what became of it.
public struct ExportOutcome: Sendable, Equatable {
    public enum Result: Sendable, Equatable {
        /// Written (atomically) at `path`, `bytes` long.
        case exported(path: RawPath, bytes: Int64)
        /// Not exported, and why, in words for a person (the path is not repeated in it).
        case failed(reason: String)
    }

    public let source: RawPath
    public let result: Result
    /// What failed, as the exporter made it (Media's `MediaError`), for a caller that knows its
    /// type: stderr words it in the user's language, a test matches its case. `reason` is the
    /// words machine output carries, the same in every language. Not compared by `==`.
    public let error: (any Error & Sendable)?

    public init(source: RawPath, result: Result, error: (any Error & Sendable)? = nil) {
        self.source = source
        self.result = result
        self.error = error
    }

    public static func == (a: ExportOutcome, b: ExportOutcome) -> Bool {
        a.source == b.source && a.result == b.result
    }

    public var exportedPath: RawPath? {
        if case .exported(let path, _) = result { return path }
        return nil
    }
}

/// A whole export, in the order the files were given (pick order).
public struct ExportReport: Sendable, Equatable {
    public var outcomes: [ExportOutcome]
    public init(outcomes: [ExportOutcome]) { self.outcomes = outcomes }

    public var failures: [ExportOutcome] { outcomes.filter { $0.exportedPath == nil } }
    /// Every file was exported: the only case with exit status 0.
    public var isComplete: Bool { failures.isEmpty }
    public var totalBytes: Int64 {
        outcomes.reduce(0) { total, outcome in
            if case .exported(_, let bytes) = outcome.result { return total + bytes }
            return total
        }
    }
}

/// Where an export is, for a progress bar: `done` of `total` finished, `current` being written.
public struct ExportProgress: Sendable, Equatable {
    public var done: Int
    public var total: Int
    public var current: RawPath?
    public init(done: Int, total: Int, current: RawPath?) {
        self.done = done
        self.total = total
        self.current = current
    }
}

/// Runs exports (the Media layer's worker pool implements it; the window and the headless
/// command only see this). Cancelling the calling task stops at once and removes partial output:
/// the report then holds only what was finished, and the call throws `CancellationError`.
public protocol AssetExporter: Sendable {
    func export(_ sources: [RawPath], settings: ExportSettings,
                progress: @escaping @Sendable (ExportProgress) -> Void) async throws -> ExportReport
}
