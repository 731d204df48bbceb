/// A picked file looked at again on disk just before it is handed over: the library may be
/// a moment behind a folder in heavy change, and a caller must never get a file that is gone
/// or no longer a photo or video.
public enum PickRecheck {
    /// Why `asset` can no longer be handed over, or nil when it can. A file whose size and
    /// modification time are unchanged is trusted; a changed one is sniffed again.
    public static func problem(with asset: Asset, sniffer: any ContentTypeSniffer) -> String? {
        guard let st = FileSystemCalls.stat(asset.path) else { return "no longer exists" }
        let info = FileSystemScanner.FileInfo(st)
        guard info.isRegular else { return "is no longer a file" }
        guard info.size > 0 else { return "is empty now" }
        if info.size == asset.sizeBytes, info.modified == asset.modified { return nil }
        guard let head = FileSystemCalls.readHead(asset.path, length: sniffer.headLength) else {
            return "can no longer be read"
        }
        guard let type = sniffer.mimeType(name: Array(asset.path.lastComponentBytes), head: head),
              MediaKind(mimeType: type) != nil else { return "is no longer a photo or video" }
        return nil
    }
}

/// A pick taken back at Done, and why.
public struct DroppedPick: Sendable, Equatable {
    public let path: RawPath
    public let reason: String

    public init(path: RawPath, reason: String) {
        self.path = path
        self.reason = reason
    }
}

extension PickerSession {
    /// Checks every pick against the disk (`PickRecheck`) and unpicks those that can no
    /// longer be handed over, in pick order; the caller says which before finishing.
    public func recheckPicks(sniffer: any ContentTypeSniffer) -> [DroppedPick] {
        var dropped: [DroppedPick] = [], droppedIDs = Set<AssetID>()
        for id in selection.ordered {
            guard let asset = source.asset(id) else { continue }
            if let reason = PickRecheck.problem(with: asset, sniffer: sniffer) {
                dropped.append(DroppedPick(path: asset.path, reason: reason))
                droppedIDs.insert(id)
            }
        }
        guard !droppedIDs.isEmpty else { return [] }
        let gone = selection.removeMissing { !droppedIDs.contains($0) }
        onChange?(.selection(gone))
        return dropped
    }

    /// What the window says about picks taken back: "IMG_1.jpg no longer exists, so it was
    /// unpicked" or "3 picked files changed on disk and were unpicked: a.jpg, b.jpg, c.jpg".
    public static func droppedMessage(_ dropped: [DroppedPick]) -> String {
        guard dropped.count > 1 else {
            return dropped.first.map { "\($0.path.lastComponent) \($0.reason), so it was unpicked" } ?? ""
        }
        let names = dropped.prefix(3).map(\.path.lastComponent).joined(separator: ", ")
        return "\(dropped.count) picked files changed on disk and were unpicked: \(names)" + (dropped.count > 3 ? ", …" : "")
    }
}
