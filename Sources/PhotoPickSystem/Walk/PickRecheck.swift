import PhotoPickCore

/// A picked file looked at again on disk just before it is handed over: the library may be
/// a moment behind a folder in heavy change, and a caller must never get a file that is gone
/// or no longer a photo or video.
public enum PickRecheck {
    /// Why `asset` can no longer be handed over, or nil when it can (a phrase that follows the
    /// file's name: "IMG_1.jpg no longer exists"). A file whose size and
    /// modification time are unchanged is trusted; a changed one is sniffed again.
    public static func problem(with asset: Asset, sniffer: any ContentTypeSniffer) -> String? {
        guard let st = FileSystemCalls.stat(asset.path) else { return tr("no longer exists") }
        let info = FileSystemScanner.FileInfo(st)
        guard info.isRegular else { return tr("is no longer a file") }
        guard info.size > 0 else { return tr("is empty now") }
        if info.size == asset.sizeBytes, info.modified == asset.modified { return nil }
        guard let head = FileSystemCalls.readHead(asset.path, length: sniffer.headLength) else {
            return tr("can no longer be read")
        }
        guard let type = sniffer.mimeType(name: Array(asset.path.lastComponentBytes), head: head),
              MediaKind(mimeType: type) != nil else { return tr("is no longer a photo or video") }
        return nil
    }
}

extension PickerSession {
    /// Checks every pick against the disk (`PickRecheck`) and unpicks those that can no
    /// longer be handed over, in pick order; the caller says which before finishing.
    public func recheckPicks(sniffer: any ContentTypeSniffer) -> [DroppedPick] {
        dropPicks { PickRecheck.problem(with: $0, sniffer: sniffer) }
    }
}
