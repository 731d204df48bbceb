import Foundation
import TestSupport

/// Libraries for the grid tests: plain numbered photos (enough to scroll), and photos over
/// three months (for date groups). Small JPEGs: the grid scales them up.
enum GridLibrary {
    /// `count` photos p000.jpg…, p000 the newest; returns their paths newest first.
    static func numbered(in dir: TemporaryDirectory, count: Int) throws -> (root: String, newestFirst: [String]) {
        let root = dir.path + "/Numbered"
        var paths: [String] = []
        for i in 0..<count {
            let path = root + "/p" + String(format: "%03d", i) + ".jpg"
            try ImageFactory.write(path, width: 48, height: 36, format: .jpeg,
                                   color: (UInt8(i * 37 % 256), UInt8(255 - i * 11 % 256), UInt8(i * 5 % 256)))
            try ImageFactory.setModified(path, 1_700_000_000 - Double(i) * 3600)
            paths.append(path)
        }
        return (root, paths)
    }

    /// mar-1…3 (March 2024), feb-1 (February), jan-1, jan-2 (January), at noon on the 10th
    /// to the 12th; returns them newest first: the March group, then February, then January.
    static func months(in dir: TemporaryDirectory) throws -> (root: String, newestFirst: [String]) {
        let root = dir.path + "/Months"
        let files: [(String, Double)] = [
            ("jan-1.jpg", 1_704_888_000), ("jan-2.jpg", 1_704_974_400),   // 10, 11 January 2024, 12:00 UTC
            ("feb-1.jpg", 1_707_566_400),                                 // 10 February
            ("mar-1.jpg", 1_710_072_000), ("mar-2.jpg", 1_710_158_400), ("mar-3.jpg", 1_710_244_800),  // 10–12 March
        ]
        for (i, (name, seconds)) in files.enumerated() {
            try ImageFactory.write(root + "/" + name, width: 48, height: 36, format: .jpeg, color: (UInt8(40 * i), 120, 200))
            try ImageFactory.setModified(root + "/" + name, seconds)
        }
        return (root, files.reversed().map { root + "/" + $0.0 })
    }
}

/// Window coordinates in the default 1024×720 window, read off screenshots, of what the
/// window does not name (PlaceTrace): a popover's rows and a recycled header's button.
enum GridSpot {
    /// The filter drop-down's list, one row per choice from All Items (0) to PNG (6).
    static func filterChoice(_ i: Int) -> (x: Int, y: Int) { (750, 121 + 32 * i) }
    /// The first group header's Select button, with grouping on.
    static let firstHeaderSelect = (x: 980, y: 115)
}

func outputLines(_ output: ProcessRunner.Output) -> [String] {
    output.stdoutText.split(separator: "\n").map(String.init)
}

/// The toolbar's group-and-sort menu, driven by keyboard rather than by pixels: it opens with
/// its first item focused, and Down goes through Group By's None…Event, then Sort By's
/// Newest First…Size.
enum GroupSortChoice {
    case group(Int), sort(Int)

    /// How many Downs from the first item (Group By offers 7 choices).
    var downs: Int {
        switch self {
        case .group(let i): i
        case .sort(let i): 7 + i
        }
    }
}

extension PickerDriver {
    /// Opens the menu, chooses `choice` and waits until the grid is laid out anew (the trace
    /// needs PHOTOPICK_TRACE=1). Each step waits for what it acts on to be on screen: keys or a
    /// click sent before met the old layout (or went to closing the menu).
    func choose(_ choice: GroupSortChoice) throws {
        try after({ try click(on: "button group-sort") }, expectTrace: " menu group-sort shown")
        try after({
            for _ in 0..<choice.downs { try press("Down") }
            try press("Return")
        }, expectTrace: " grid-arranged ")
    }
}
