/// The order of PhotoPickCore's folders, lowest first: the one place it is written down.
/// A folder uses only folders of lower ranks, never a peer in its own rank nor one above;
/// `CoreFolderOrderAuditTests` holds the sources to it and docs/ARCHITECTURE.md quotes
/// `sentence` word for word (checked there too). A subfolder belongs to its top folder.
enum CoreFolderOrder {
    static let ranks: [[String]] = [
        ["Paths", "Calendar"],
        ["Text"],
        ["Host"],
        ["Thumbnails", "Metadata", "Export"],
        ["Assets"],
        ["Search"],
        ["Collections", "Selection"],
        ["Library", "Output", "Presentation"],
        ["Request"],
        ["Session", "Settings"],
    ]

    /// The order as ARCHITECTURE.md writes it: peers by commas, ranks by arrows.
    static var sentence: String {
        ranks.map { $0.joined(separator: ", ") }.joined(separator: " → ") + "."
    }
}
