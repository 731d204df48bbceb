extension RawPath {
    /// Whether `parent == folder`, without making the parent (a listing asks it per file).
    func isDirectlyInside(_ folder: RawPath) -> Bool {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return folder == self }
        let length = slash == 0 ? 1 : slash
        return folder.bytes.count == length && bytes[..<length].elementsEqual(folder.bytes)
    }
}
