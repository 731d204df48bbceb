/// Names folder albums: a folder's path below its library root, or the root's own name.
/// With several roots, subfolders carry their root's name so titles stay unique.
public struct FolderTitles: Sendable {
    public let roots: [RawPath]

    public init(roots: [RawPath]) { self.roots = roots }

    /// The innermost root `path` is in (or is), if any.
    public func root(containing path: RawPath) -> RawPath? {
        roots.filter { path.relative(to: $0) != nil }.max { $0.bytes.count < $1.bytes.count }
    }

    public func title(forFolder folder: RawPath) -> String {
        guard let root = root(containing: folder), let below = folder.relative(to: root) else { return folder.description }
        if below.isEmpty { return root.lastComponent.isEmpty ? "/" : root.lastComponent }
        let relative = String(decoding: below, as: UTF8.self)
        return roots.count > 1 ? "\(root.lastComponent)/\(relative)" : relative
    }
}
