import Foundation
import PhotoPickSystem

// Everything lives in Entry.swift: globals in main.swift would be main-actor isolated.
SystemHost.install()  // the model asks the system through it (zone offsets, paths)
exit(Entry.run(Array(CommandLine.arguments.dropFirst())))
