// photopick-bench: timings of the picker's hot paths, as a table. Each section lives in
// its own file and registers here; `photopick-bench SECTION…` runs some, no argument all.
import Foundation

let sections: [(name: String, run: (inout BenchTable) -> Void)] = [
    ("core", CoreBench.run),
]

let wanted = Set(CommandLine.arguments.dropFirst())
var table = BenchTable()
for section in sections where wanted.isEmpty || wanted.contains(section.name) {
    section.run(&table)
}
table.print()
