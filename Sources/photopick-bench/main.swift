// photopick-bench: timings of the picker's hot paths, as one table of ratios against
// references measured in the same run. Each section lives in its own file and registers
// here; `photopick-bench SECTION…` runs some, no argument all of them.
import Foundation
import PhotoPickSystem

SystemHost.install()

let sections: [(name: String, run: (inout BenchTable) throws -> Void)] = [
    ("scan", ScanBench.run),
    ("metadata", MetadataBench.run),
    ("thumbnails", ThumbnailBench.run),
    ("window", WindowBench.run),
    ("core", CoreBench.run),
    ("export", ExportBench.run),
    ("stall", StallBench.run),
    ("million", MillionBench.run),
]
/// Run only when named: parts of the million section alone, which the whole section includes:
/// its in-process model measurements (a minute, no disk), its scrolling, its warm and cold windows and its warm `list`.
let namedOnly: [(name: String, run: (inout BenchTable) throws -> Void)] = [
    ("million-model", MillionModelBench.run),
    ("million-stall", MillionStall.run),  // the scrolling at 1M alone, from a copy of the template index
    ("million-warm", MillionWarmBench.run),  // the warm window at 1M alone, from a copy of the template index
    ("million-list", MillionListBench.run),  // find and the warm headless list at 1M, from a copy of a warm index
    ("million-cold", MillionColdBench.run),  // the cold window at 1M alone, into an empty cache home
    ("package", PackageBench.run),  // the Debian package's window start-up against the local build (after make deb)
]

let wanted = Set(CommandLine.arguments.dropFirst())
if let unknown = wanted.first(where: { name in !(sections + namedOnly).contains { $0.name == name } }) {
    log("photopick-bench: no section '\(unknown)'; sections: \((sections + namedOnly).map(\.name).joined(separator: " "))")
    exit(2)
}
var table = BenchTable()
let chosen = wanted.isEmpty ? sections : (sections + namedOnly).filter { wanted.contains($0.name) }
for section in chosen {
    log("== \(section.name)")
    do {
        try section.run(&table)
    } catch {
        log("photopick-bench: \(section.name): \(error)")
        exit(1)
    }
}
table.print()
