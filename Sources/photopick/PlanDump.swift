import Foundation
import PhotoPickCore

/// The resolved plan as JSON, for `PHOTOPICK_TEST_DUMP_PLAN`: lets tests check what every
/// option does without opening a window. `1` prints it; a path writes it there (for runs
/// whose stdout is not readable, like a desktop launch).
enum PlanDump {
    static func write(_ plan: ChooserInvocation.Plan, to target: String) throws {
        let bytes = json(plan).pretty() + [0x0A]
        if target.hasPrefix("/") {
            try Data(bytes).write(to: URL(fileURLWithPath: target))
        } else {
            FileHandle.standardOutput.write(Data(bytes))
        }
    }

    /// The settings as asked (null where not asked), the request's key names.
    static func export(_ s: ExportSettings) -> JSONValue {
        func int(_ v: Int?) -> JSONValue { v.map { .int(Int64($0)) } ?? .null }
        func bool(_ v: Bool?) -> JSONValue { v.map(JSONValue.bool) ?? .null }
        return .object([
            ("format", s.format.map { .string($0.rawValue) } ?? .null),
            ("max_size", int(s.maxSize)),
            ("quality", int(s.quality)),
            ("strip_location", bool(s.stripLocation)),
            ("strip_metadata", bool(s.stripMetadata)),
            ("max_bytes", s.maxBytes.map(JSONValue.int) ?? .null),
            ("directory", s.directory.map { .bytes($0.bytes) } ?? .null),
            ("user_choice", bool(s.userChoice)),
        ])
    }

    static func json(_ plan: ChooserInvocation.Plan) -> JSONValue {
        let c = plan.configuration
        func strings(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }
        func filter(_ f: NamedFilter) -> JSONValue {
            .object([("name", .string(f.name)), ("patterns", strings(f.patterns)), ("mime_types", strings(f.mimeTypes))])
        }
        let stdout: JSONValue
        switch plan.stdout {
        case nil: stdout = .null
        case .format(let f)?: stdout = .string(f.rawValue)
        case .zenity(let separator)?: stdout = .string("zenity:" + separator)
        case .kdialog(let output)?: stdout = .string("kdialog:\(output.layout)" + (output.urls ? ":urls" : ""))
        }
        let parent: JSONValue = c.parentWindow.map { JSONValue.string($0.description) } ?? .null
        return .object([
            ("title", .string(c.title)),
            ("accept_label", .string(c.acceptLabel)),
            ("max", c.maximum.map { .int(Int64($0)) } ?? .null),
            ("min", .int(Int64(c.minimum))),
            ("roots", .array(c.roots.map { .bytes($0.bytes) })),
            ("type", .string(c.restriction.kinds.rawValue)),
            ("mime_types", strings(c.restriction.mimeTypes)),
            ("patterns", strings(c.restriction.patterns)),
            ("filters", .array(c.filters.map(filter))),
            ("current_filter", c.currentFilter.map { .int(Int64($0)) } ?? .null),
            ("preselect", .array(c.preselect.map { .bytes($0.bytes) })),
            ("album", c.initialAlbum.map(JSONValue.string) ?? .null),
            ("choices", .array(c.choices.map { .object([("id", .string($0.id)), ("default", .string($0.initial))]) })),
            ("copy", .bool(c.copyMode)),
            ("parent_window", parent),
            ("modal", .bool(c.modal)),
            ("browse", .bool(c.offersBrowse)),
            ("stdout", stdout),
            ("response", plan.responsePath.map { .bytes($0.bytes) } ?? .null),
            ("group", .string(c.grouping.name)),
            ("sort", .string(c.sort.rawValue)),
            ("pairs", .string(c.pairs.rawValue)),
            ("export", c.export.map(export) ?? .null),
        ])
    }
}
