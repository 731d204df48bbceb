@testable import PhotoPickCore

extension NameSearch {
    /// The test the search's loop makes of a name (`matches(name:isASCII:)`), on bytes given
    /// any way, with the ASCII flag a `NameTable` keeps worked out here.
    func matches(bytes name: some Collection<UInt8>) -> Bool {
        Array(name).withUnsafeBufferPointer { matches(name: $0, isASCII: !$0.contains { $0 >= 0x80 }) }
    }

    /// The same on a name written as text.
    func matches(_ name: String) -> Bool { matches(bytes: name.utf8) }
}
