import Foundation

/// Runs a program and collects its exit status, stdout and stderr (as bytes).
public enum ProcessRunner {
    public struct Output: Sendable {
        public let status: Int32
        public let stdout: Data
        public let stderr: Data
        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        public var stderrText: String { String(decoding: stderr, as: UTF8.self) }

        public init(status: Int32, stdout: Data, stderr: Data) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    @discardableResult
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           timeout: Double = 60) throws -> Output {
        let process = try start(executable, arguments, environment: environment)
        return process.wait(timeout: timeout)
    }

    public static func start(_ executable: String, _ arguments: [String],
                             environment: [String: String]? = nil) throws -> RunningProcess {
        try RunningProcess(executable, arguments, environment: environment)
    }

    /// One program run of `runAll`.
    public struct Run: Sendable {
        public let executable: String
        public let arguments: [String]
        public let environment: [String: String]?
        public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) {
            (self.executable, self.arguments, self.environment) = (executable, arguments, environment)
        }
    }

    /// Runs each of `runs`, up to `atOnce` at a time, and returns their outputs in the same
    /// order: for a test whose runs are independent, which one after another spent most of
    /// their time starting up.
    public static func runAll(_ runs: [Run], atOnce: Int = 6, timeout: Double = 60) throws -> [Output] {
        var outputs: [Output] = []
        outputs.reserveCapacity(runs.count)
        var next = 0
        while next < runs.count {
            let batch = runs[next..<min(runs.count, next + max(1, atOnce))]
            let started = try batch.map { try start($0.executable, $0.arguments, environment: $0.environment) }
            outputs += started.map { $0.wait(timeout: timeout) }
            next += batch.count
        }
        return outputs
    }
}

/// A started program whose output is collected in the background.
public final class RunningProcess: @unchecked Sendable {
    public let process = Process()
    private let outPipe = Pipe(), errPipe = Pipe()
    private let lock = NSLock()
    private var out = Data(), err = Data()
    private let group = DispatchGroup()

    init(_ executable: String, _ arguments: [String], environment: [String: String]?) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        collect(outPipe.fileHandleForReading) { self.out.append($0) }
        collect(errPipe.fileHandleForReading) { self.err.append($0) }
    }

    private func collect(_ handle: FileHandle, _ append: @escaping @Sendable (Data) -> Void) {
        group.enter()
        DispatchQueue.global().async {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                self.lock.lock(); append(chunk); self.lock.unlock()
            }
            self.group.leave()
        }
    }

    public var isRunning: Bool { process.isRunning }

    /// What the program has written to stderr so far (it is still running).
    public var stderrSoFar: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: err, as: UTF8.self)
    }

    /// Waits for the exit (killing the program after `timeout` seconds) and returns its output.
    public func wait(timeout: Double) -> ProcessRunner.Output {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            usleep(200_000)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        _ = group.wait(timeout: .now() + 5)
        lock.lock(); defer { lock.unlock() }
        return .init(status: process.terminationStatus, stdout: out, stderr: err)
    }
}
