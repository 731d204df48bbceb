/// The `errors` array of an export's JSON: one object per file that could not be exported,
/// `{"path": …, "uri": …, "message": …}`, in the order the files were given. The picker's
/// response and `photopick export --format json` share it, so callers read one shape.
public enum ExportErrorsJSON {
    public static func array(_ outcomes: [ExportOutcome]) -> JSONValue {
        .array(outcomes.compactMap(object))
    }

    /// Nil for an outcome that was exported.
    public static func object(_ outcome: ExportOutcome) -> JSONValue? {
        guard case .failed(let reason) = outcome.result else { return nil }
        return .object([
            ("path", .bytes(outcome.source.bytes)),
            ("uri", .string(FileURI.encode(outcome.source))),
            ("message", .string(reason)),
        ])
    }

}
