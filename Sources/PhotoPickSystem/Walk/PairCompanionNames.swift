/// Names that may be a pair's companion by their extension, ignoring case: QuickTime movies
/// (a Live Photo's motion) and the RAW formats photopick lists. Only the extension is read,
/// so a listing of a million names pays a few byte compares each.
enum PairCompanionNames {
    private static let extensions: [[UInt8]] = ["mov", "dng", "cr2", "cr3", "nef", "arw", "raf", "orf", "rw2", "pef"]
        .map { Array($0.utf8) }

    static func matches(_ path: [UInt8]) -> Bool {
        // Every extension here is three letters: ".xyz" at the end.
        guard path.count >= 5, path[path.count - 4] == 0x2E, path[path.count - 5] != 0x2F else { return false }
        let a = path[path.count - 3] | 0x20, b = path[path.count - 2] | 0x20, c = path[path.count - 1] | 0x20
        return extensions.contains { $0[0] == a && $0[1] == b && $0[2] == c }
    }
}
