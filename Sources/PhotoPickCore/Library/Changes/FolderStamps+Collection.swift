/// What callers of the dictionary it replaced use: iteration (in byte order of the paths),
/// the paths, a literal, equality.
extension FolderStamps: Sequence {
    public struct Iterator: IteratorProtocol {
        let stamps: FolderStamps
        var position = 0

        public mutating func next() -> (key: RawPath, value: FileStamp)? {
            guard position < stamps.count else { return nil }
            defer { position += 1 }
            return stamps.element(at: position)
        }
    }

    public func makeIterator() -> Iterator { Iterator(stamps: self) }
    public var underestimatedCount: Int { count }

    /// Every path, in byte order.
    public var keys: [RawPath] { entries.indices.map(path(at:)) }
}

extension FolderStamps: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (RawPath, FileStamp)...) {
        self.init()
        for (path, stamp) in elements { self[path] = stamp }
    }
}

extension FolderStamps: Equatable {
    /// The same paths with the same stamps, however each side stores them.
    public static func == (a: FolderStamps, b: FolderStamps) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

extension FolderStamps: CustomStringConvertible {
    public var description: String {
        "[" + map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
    }
}
