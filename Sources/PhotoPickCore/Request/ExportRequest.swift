/// The request's `export` object: what the picks are turned into before the answer.
///
///     "export": {"format": "jpeg", "max_size": 2048, "quality": 85, "strip_location": true,
///                "strip_metadata": false, "max_bytes": 500000, "directory": "/tmp/out",
///                "user_choice": true}
///
/// Every key is optional; null is "not asked". Types are checked like the rest of the
/// request, and values out of range are errors with the key's path.
enum ExportRequest {
    static let keys: Set<String> = ["format", "max_size", "quality", "strip_location", "strip_metadata",
                                    "max_bytes", "directory", "user_choice"]

    static func parse(_ field: Field) throws -> ExportSettings? {
        if field.value == .null { return nil }
        let members = try field.object(known: keys)
        var s = ExportSettings()
        if let f = members.optional("format"), let name = try f.optionalText() {
            guard let format = ExportSettings.Format(rawValue: name) else {
                let names = ExportSettings.Format.allCases.map(\.rawValue).joined(separator: ", ")
                throw f.invalid("must be one of \(names) (got '\(name)')")
            }
            s.format = format
        }
        s.maxSize = try members.optional("max_size")?.optionalInt()
        s.quality = try members.optional("quality")?.optionalInt()
        s.stripLocation = try members.optional("strip_location")?.optionalBool()
        s.stripMetadata = try members.optional("strip_metadata")?.optionalBool()
        s.maxBytes = try members.optional("max_bytes")?.optionalInt64()
        s.directory = try members.optional("directory")?.optionalPath()
        s.userChoice = try members.optional("user_choice")?.optionalBool()
        // The same limits as the command line's, named by the key that broke them.
        let checks: [(String, ExportSettings)] = [
            ("max_size", only(\.maxSize, s.maxSize)), ("quality", only(\.quality, s.quality)),
            ("max_bytes", only(\.maxBytes, s.maxBytes)),
        ]
        for (key, one) in checks {
            if let problem = one.problem, let f = members.optional(key) { throw f.invalid("is out of range: \(problem)") }
        }
        return s
    }

    private static func only<Value>(_ key: WritableKeyPath<ExportSettings, Value?>, _ value: Value?) -> ExportSettings {
        var s = ExportSettings()
        s[keyPath: key] = value
        return s
    }
}

extension Field {
    /// A whole number up to 2^53 (what a JSON number carries exactly), for byte counts.
    func optionalInt64() throws -> Int64? {
        switch value {
        case .null: return nil
        case .int(let i) where abs(i) <= 1 << 53: return i
        case .int: throw invalid("is out of range")
        default: throw wrongType("a whole number")
        }
    }
}
