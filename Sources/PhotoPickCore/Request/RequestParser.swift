/// Reads a request file (the portal `OpenFile` options as JSON) into a `PickerOptions`,
/// checking every type. Unknown keys, at any level, are not errors (a newer caller may send
/// more) but come back as warnings, so a misspelt key does not go unnoticed.
///
///     {"version": 1, "title": "…", "accept_label": "…", "multiple": true, "max": 5, "min": 1,
///      "filters": [{"name": "Images", "patterns": ["*.jpg"], "mime_types": ["image/*"]}],
///      "current_filter": "Images", "current_folder": "file:///home/me/Pictures",
///      "preselect": ["/home/me/Pictures/a.jpg"], "parent_window": "x11:1a00007", "modal": true, "browse": true,
///      "choices": [{"id": "size", "label": "Size", "options": [{"id": "s", "label": "Small"}], "default": "s"}],
///      "pairs": "still",
///      "export": {"format": "jpeg", "max_size": 2048, "strip_location": true}}   (ExportRequest.swift)
public enum RequestParser {
    /// Requests are small; anything larger is refused before parsing.
    public static let maximumBytes = 1 << 20

    public struct Parsed: Sendable {
        public var request: PickerOptions
        public var warnings: [String]
    }

    public static func parse(_ bytes: [UInt8]) throws -> Parsed {
        guard bytes.count <= maximumBytes else {
            throw PickerOptions.Invalid("request is larger than \(maximumBytes) bytes")
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch let error as JSONParser.SyntaxError {
            throw PickerOptions.Invalid("request is not valid JSON: \(error)")
        }
        guard case .object(let members) = document else { throw PickerOptions.Invalid("request must be a JSON object") }
        var request = PickerOptions()
        let warnings = Warnings()
        for (key, value) in members {
            let field = Field(path: key, value: value, warnings: warnings)
            switch key {
            case "version":
                let version = try field.int()
                guard version == PickerOptions.schemaVersion else {
                    throw PickerOptions.Invalid("request version \(version) is not supported (this photopick reads version \(PickerOptions.schemaVersion))")
                }
            case "title": request.title = try field.optionalText()
            case "accept_label": request.acceptLabel = try field.optionalText()
            case "multiple": request.multiple = try field.optionalBool()
            case "max": request.maximum = try field.optionalInt()
            case "min": request.minimum = try field.optionalInt()
            case "filters": request.filters = try field.optionalArray()?.map(filter)
            case "current_filter": request.currentFilter = try currentFilter(field)
            case "current_folder": request.folders = try field.optionalPath().map { [$0] }
            case "preselect": request.preselect = try field.optionalArray()?.map { try $0.filePath() }
            case "choices": request.choices = try field.optionalArray()?.map(choice)
            case "parent_window": request.parentWindow = try parentWindow(field)
            case "modal": request.modal = try field.optionalBool()
            case "browse": request.browse = try field.optionalBool()
            case "export": request.export = try ExportRequest.parse(field)
            case "pairs": request.pairs = try pairsChoice(field)
            case "directory":
                if try field.optionalBool() == true { throw PickerOptions.Invalid("directory: photopick picks files, not folders") }
            default:
                warnings.add("request: unknown key '\(key)' ignored")
            }
        }
        return Parsed(request: request, warnings: warnings.list)
    }

    /// The caller's window. A malformed one is a warning, not an error: it comes from the
    /// program behind the portal, and the user can still pick, in an unparented window (as
    /// xdg-desktop-portal-gtk does).
    private static func parentWindow(_ field: Field) throws -> ParentWindow? {
        guard let text = try field.optionalText() else { return nil }
        do {
            return try ParentWindow.parse(text)
        } catch let error as ParentWindow.Invalid {
            field.warnings.add("request: 'parent_window' \(error); the window opens without a parent")
            return nil
        }
    }

    /// `"still"`, `"raw"`, `"video"` or `"all"`: which files of a picked pair come back.
    private static func pairsChoice(_ field: Field) throws -> PairsChoice? {
        guard let text = try field.optionalText() else { return nil }
        guard let choice = PairsChoice(rawValue: text) else {
            throw field.invalid("must be one of \(PairsChoice.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))")
        }
        return choice
    }

    private static func filter(_ field: Field) throws -> NamedFilter {
        let members = try field.object(known: ["name", "patterns", "mime_types"])
        var filter = NamedFilter(name: try members.required("name").text())
        filter.patterns = try members.optional("patterns")?.array().map { try $0.text() } ?? []
        filter.mimeTypes = try members.optional("mime_types")?.array().map { item in
            let type = try item.text()
            guard MIMEPattern.isValid(type) else { throw item.invalid("is not a MIME type ('\(type)')") }
            return type
        } ?? []
        if let bad = filter.patterns.first(where: { $0.isEmpty || $0.contains("/") }) {
            throw field.invalid("has a pattern that cannot match a file name ('\(bad)')")
        }
        guard !filter.patterns.isEmpty || !filter.mimeTypes.isEmpty else {
            throw field.invalid("has neither patterns nor mime_types")
        }
        return filter
    }

    private static func currentFilter(_ field: Field) throws -> PickerOptions.FilterChoice? {
        switch field.value {
        case .null: return nil
        case .string(let name): return .name(name)
        default: return .filter(try filter(field))
        }
    }

    private static func choice(_ field: Field) throws -> ChooserChoice {
        let members = try field.object(known: ["id", "label", "options", "default"])
        let id = try members.required("id").text()
        guard !id.isEmpty else { throw field.invalid("has an empty id") }
        let options = try members.optional("options")?.array().map { item -> ChooserChoice.Option in
            let option = try item.object(known: ["id", "label"])
            return ChooserChoice.Option(id: try option.required("id").text(), label: try option.required("label").text())
        } ?? []
        let choice = ChooserChoice(id: id, label: try members.required("label").text(), options: options,
                                   initial: try members.optional("default")?.optionalText() ?? "")
        guard choice.accepts(choice.initial) else {
            throw field.invalid("has a default ('\(choice.initial)') that is not one of its options")
        }
        return choice
    }
}

/// The warnings of one parse, shared by all its fields.
final class Warnings {
    private(set) var list: [String] = []
    func add(_ warning: String) { list.append(warning) }
}

/// A value in the request with the path that leads to it, for error messages.
struct Field {
    let path: String
    let value: JSONValue
    let warnings: Warnings

    func invalid(_ problem: String) -> PickerOptions.Invalid { PickerOptions.Invalid("request: '\(path)' \(problem)") }

    private var typeName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string, .bytes: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    func wrongType(_ expected: String) -> PickerOptions.Invalid { invalid("must be \(expected), not \(typeName)") }

    func text() throws -> String {
        switch value {
        case .string(let s): return s
        case .bytes: throw invalid("must be valid UTF-8 text")
        default: throw wrongType("a string")
        }
    }

    func optionalText() throws -> String? { value == .null ? nil : try text() }

    func optionalBool() throws -> Bool? {
        switch value {
        case .null: return nil
        case .bool(let b): return b
        default: throw wrongType("true or false")
        }
    }

    func int() throws -> Int {
        switch value {
        case .int(let i) where Int(exactly: i) != nil && abs(i) < 1 << 31: return Int(i)
        case .int: throw invalid("is out of range")
        default: throw wrongType("a whole number")
        }
    }

    func optionalInt() throws -> Int? { value == .null ? nil : try int() }

    func array() throws -> [Field] {
        guard case .array(let items) = value else { throw wrongType("an array") }
        return items.enumerated().map { Field(path: "\(path)[\($0)]", value: $1, warnings: warnings) }
    }

    func optionalArray() throws -> [Field]? { value == .null ? nil : try array() }

    /// A path as an absolute path string or a `file://` URI; names need not be UTF-8.
    func filePath() throws -> RawPath {
        let bytes: [UInt8]
        switch value {
        case .string(let s): bytes = Array(s.utf8)
        case .bytes(let b): bytes = b
        default: throw wrongType("a path or file:// URI")
        }
        guard let path = PathArgument.resolve(bytes, relativeTo: nil) else {
            throw invalid("must be an absolute path or a file:// URI")
        }
        return path
    }

    func optionalPath() throws -> RawPath? { value == .null ? nil : try filePath() }

    func object(known: Set<String>) throws -> Members {
        guard case .object(let members) = value else { throw wrongType("an object") }
        for (key, _) in members where !known.contains(key) {
            warnings.add("request: unknown key '\(path).\(key)' ignored")
        }
        return Members(path: path, members: members, warnings: warnings)
    }

    struct Members {
        let path: String
        let members: [(String, JSONValue)]
        let warnings: Warnings

        func optional(_ key: String) -> Field? {
            members.first { $0.0 == key }.map { Field(path: "\(path).\(key)", value: $1, warnings: warnings) }
        }

        func required(_ key: String) throws -> Field {
            guard let field = optional(key) else { throw PickerOptions.Invalid("request: '\(path)' needs '\(key)'") }
            return field
        }
    }
}
