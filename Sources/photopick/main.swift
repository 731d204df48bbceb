import Foundation

// Everything lives in Entry.swift: globals in main.swift would be main-actor isolated.
exit(Entry.run(Array(CommandLine.arguments.dropFirst())))
