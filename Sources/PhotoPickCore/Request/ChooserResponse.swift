/// The response file: the portal `OpenFile` results as JSON, written whatever the outcome.
///
///     {"version": 1, "response": 0, "uris": ["file:///…"], "assets": [{…}],
///      "current_filter": {"name": "Images", "patterns": ["*.jpg"], "mime_types": []},
///      "choices": [{"id": "size", "value": "s"}], "error": null}
public struct ChooserResponse: Sendable, Equatable {
    /// The portal's response codes.
    public enum Status: Int, Sendable {
        case success = 0, cancelled = 1, error = 2
    }

    public var status: Status
    public var uris: [String] = []
    public var assets: [JSONValue] = []
    public var currentFilter: NamedFilter?
    public var choices: [(id: String, value: String)] = []
    /// Bytes: a file name in it is written with `\udcXX` escapes where it is not UTF-8.
    public var error: [UInt8]?
    /// An export's failures (`ExportErrorsJSON`); nil (no `errors` key) when nothing was exported.
    public var errors: JSONValue?
    /// The user chose Browse Files… (offered when the request asked, `browse`): the caller
    /// should ask the desktop's own chooser instead. Only with status cancelled.
    public var browse = false

    public static func == (a: ChooserResponse, b: ChooserResponse) -> Bool { a.json() == b.json() }

    public init(status: Status, uris: [String] = [], assets: [JSONValue] = [], currentFilter: NamedFilter? = nil,
                choices: [(id: String, value: String)] = [], error: [UInt8]? = nil) {
        self.status = status
        self.uris = uris
        self.assets = assets
        self.currentFilter = currentFilter
        self.choices = choices
        self.error = error
    }

    /// The picked files, in pick order, as `uris` and full asset objects.
    public static func success(_ picked: [Asset], albumTitle: (Asset) -> String?, currentFilter: NamedFilter?,
                               choices: [(id: String, value: String)]) -> ChooserResponse {
        success(handedBack: picked.map { HandedBack(asset: $0, pair: nil) }, albumTitle: albumTitle, currentFilter: currentFilter,
                choices: choices)
    }

    /// The files the picks hand back (`PairHandback`), each asset object describing its pair.
    public static func success(handedBack handed: [HandedBack], albumTitle: (Asset) -> String?, currentFilter: NamedFilter?,
                               choices: [(id: String, value: String)]) -> ChooserResponse {
        ChooserResponse(status: .success, uris: handed.map { FileURI.encode($0.asset.path) },
                        assets: AssetFormatter().objects(handedBack: handed, albumTitle: albumTitle, numbered: true),
                        currentFilter: currentFilter, choices: choices)
    }

    /// The picks exported: the new files in pick order (`pairs`: each export with the pick it
    /// came from), each asset object naming its original; the files that failed in `errors`
    /// (status error, and the files that did export, when any failed).
    public static func exported(_ report: ExportReport, pairs: [(exported: Asset, original: Asset)],
                                albumTitle: (Asset) -> String?, currentFilter: NamedFilter?,
                                choices: [(id: String, value: String)]) -> ChooserResponse {
        var response = ChooserResponse(status: report.isComplete ? .success : .error,
                                       uris: pairs.map { FileURI.encode($0.exported.path) },
                                       assets: pairs.enumerated().map { i, pair in
                                           ExportedAsset.object(pair.exported, original: pair.original,
                                                                album: albumTitle(pair.original), selectionIndex: i)
                                       },
                                       currentFilter: currentFilter, choices: choices)
        response.errors = ExportErrorsJSON.array(report.outcomes)
        if !report.isComplete {
            let n = report.failures.count
            response.error = Array("\(n) of \(report.outcomes.count) file\(report.outcomes.count == 1 ? "" : "s") could not be exported".utf8)
        }
        return response
    }

    public static func failure(_ message: String) -> ChooserResponse { failure(bytes: Array(message.utf8)) }

    public static func failure(bytes message: [UInt8]) -> ChooserResponse {
        ChooserResponse(status: .error, error: message)
    }

    public func json() -> JSONValue {
        .object([
            ("version", .int(Int64(PickerOptions.schemaVersion))),
            ("response", .int(Int64(status.rawValue))),
            ("uris", .array(uris.map(JSONValue.string))),
            ("assets", .array(assets)),
            ("current_filter", currentFilter.map(Self.filterObject) ?? .null),
            ("choices", .array(choices.map { .object([("id", .string($0.id)), ("value", .string($0.value))]) })),
            ("error", error.map(JSONValue.bytes) ?? .null),
        ] + (errors.map { [("errors", $0)] } ?? []) + (browse ? [("browse", .bool(true))] : []))
    }

    /// The file's bytes: indented JSON and a final newline.
    public func bytes() -> [UInt8] { json().pretty() + [0x0A] }

    static func filterObject(_ f: NamedFilter) -> JSONValue {
        .object([("name", .string(f.name)), ("patterns", .array(f.patterns.map(JSONValue.string))),
                 ("mime_types", .array(f.mimeTypes.map(JSONValue.string)))])
    }
}
