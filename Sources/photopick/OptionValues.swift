import ArgumentParser
import PhotoPickCore

// The core's option types as command-line values: the parser checks a value, names the
// choices in `--help` ("values: …") and in its error for a bad one. The types stay in Core,
// which does not import ArgumentParser.

extension AssetGrouping: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public static var allValueStrings: [String] { allCases.map(\.name) }
    public var defaultValueDescription: String { name }
}

extension AssetSort: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension AssetRestriction.Kinds: ExpressibleByArgument {}

extension OutputFormat: ExpressibleByArgument {}

extension PairsChoice: ExpressibleByArgument {}

extension ExportSettings.Format: ExpressibleByArgument {}
