#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

extension RawArguments {
    /// The process's own arguments (without the program name), as the bytes `argv` holds.
    public static func current() -> RawArguments {
        let count = Int(CommandLine.argc)
        let args = (1..<max(1, count)).compactMap { i -> [UInt8]? in
            guard let p = CommandLine.unsafeArgv[i] else { return nil }
            return Array(UnsafeRawBufferPointer(start: p, count: strlen(p)))
        }
        return RawArguments(args)
    }
}
