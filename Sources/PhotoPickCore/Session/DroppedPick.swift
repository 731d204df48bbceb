/// A pick taken back at Done, and why (`PickerSession.dropPicks`).
public struct DroppedPick: Sendable, Equatable {
    public let path: RawPath
    public let reason: String

    public init(path: RawPath, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// What the window says about picks taken back: "IMG_1.jpg no longer exists, so it was
    /// unpicked" or "3 picked files changed on disk and were unpicked: a.jpg, b.jpg, c.jpg".
    public static func message(_ dropped: [DroppedPick]) -> String {
        guard dropped.count > 1 else {
            // TRANSLATORS: %1$s is a file name, %2$s why it was unpicked ("no longer exists").
            return dropped.first.map { tr("%1$s %2$s, so it was unpicked", $0.path.lastComponent, $0.reason) } ?? ""
        }
        let names = dropped.prefix(3).map(\.path.lastComponent).joined(separator: ", ") + (dropped.count > 3 ? ", …" : "")
        // TRANSLATORS: %1$s is a number, %2$s up to three file names.
        return trn("%1$s picked file changed on disk and was unpicked: %2$s",
                   "%1$s picked files changed on disk and were unpicked: %2$s",
                   dropped.count, HumanFormat.count(dropped.count), names)
    }
}
