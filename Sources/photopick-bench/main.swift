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
]

let wanted = Set(CommandLine.arguments.dropFirst())
if let unknown = wanted.first(where: { name in !sections.contains { $0.name == name } }) {
    log("photopick-bench: no section '\(unknown)'; sections: \(sections.map(\.name).joined(separator: " "))")
    exit(2)
}
var table = BenchTable()
for section in sections where wanted.isEmpty || wanted.contains(section.name) {
    log("== \(section.name)")
    do {
        try section.run(&table)
    } catch {
        log("photopick-bench: \(section.name): \(error)")
        exit(1)
    }
}
table.print()
