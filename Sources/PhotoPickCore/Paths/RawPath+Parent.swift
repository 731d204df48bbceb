extension RawPath {
    /// Whether `parent == folder`, without making the parent (a listing asks it per file).
    func isDirectlyInside(_ folder: RawPath) -> Bool {
        bytes.withUnsafeBufferPointer { path in
            guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return folder == self }
            let length = slash == 0 ? 1 : slash
            return folder.bytes.withUnsafeBufferPointer { folder in
                // From the end: sibling folders differ in their last bytes.
                guard folder.count == length else { return false }
                var i = length
                while i > 0 {
                    i -= 1
                    if folder[i] != path[i] { return false }
                }
                return true
            }
        }
    }
}
