// Installed thumbnailers' Exec lines: split as GLib splits them, codes substituted, and run
// without a shell. Input is "Exec line NUL file path". A file name put in for %i or %u is
// always exactly one argument, whatever it holds (spaces, quotes, $(...), ;, newlines).
@testable import PhotoPickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let exec = String(decoding: parts[0], as: UTF8.self)
    let path = "/" + String(decoding: parts.count > 1 ? Array(parts[1]) : [], as: UTF8.self)
    let uri = FileURI.encode(RawPath(path))
    _ = ThumbnailerEntry(keyFile: String(decoding: bytes, as: UTF8.self), name: "fuzz")
    guard let words = try? ShellWords.split(exec) else { return 0 }
    let entry = ThumbnailerEntry(name: "fuzz", tryExec: nil, exec: exec, mimeTypes: ["image/png"])
    guard let arguments = try? entry.arguments(size: 256, inputURI: uri, inputPath: path, output: "/tmp/out.png") else { return 0 }
    precondition(arguments.count == words.count, "one argument per word")
    for (word, argument) in zip(words, arguments) {
        if word == "%i" { precondition(argument == path, "the path is one argument, unchanged") }
        if word == "%u" { precondition(argument == uri, "the URI is one argument, unchanged") }
    }
    return 0
}
