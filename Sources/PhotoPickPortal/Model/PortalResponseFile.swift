import PhotoPickCore

/// photopick's response file, read back into the portal's results.
public enum PortalResponseFile {
    /// Far more than thousands of picked paths need.
    public static let maximumBytes = 16 << 20

    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
    }

    public struct Answer: Sendable, Equatable {
        public var results: FileChooserResults
        /// photopick's reason, for response 2 (or for the files a partial export left out).
        public var error: String?
        /// The picks an export could not write, `PATH: why` each, for the log: the caller
        /// gets the files that were exported.
        public var exportFailures: [String] = []
        /// The user chose Browse Files…: the call goes to the desktop's own chooser instead.
        public var browse = false
    }

    /// `call`: the options the request was made from, so the filter and choices come back as
    /// the caller sent them.
    public static func answer(_ bytes: [UInt8], for options: OpenFileOptions) throws -> Answer {
        guard case .object(let members)? = try? JSONParser.parse(bytes) else {
            throw Unreadable(description: "the response is not a JSON object")
        }
        func member(_ key: String) -> JSONValue? { members.first { $0.0 == key }?.1 }
        guard case .int(let code)? = member("response"), let response = FileChooserResults.Response(rawValue: UInt32(clamping: code)),
              code >= 0 else {
            throw Unreadable(description: "the response has no valid 'response' code")
        }
        if case .bool(true)? = member("browse"), response == .cancelled {
            return Answer(results: FileChooserResults(response: .cancelled), browse: true)
        }
        var error: String?
        if case .string(let text)? = member("error") { error = text }
        var uris: [String] = []
        if case .array(let items)? = member("uris") {
            uris = items.compactMap { if case .string(let s) = $0 { s } else { nil } }
        }
        let failures = exportFailures(member("errors"))
        // An export that wrote some picks and not others is answered 2 with the files it
        // wrote. The portal's frontend hands a caller the files of response 0 alone (any
        // other drops them), so those files are a success here and the failures are logged;
        // an export that wrote nothing stays 2.
        let partialExport = response == .other && !uris.isEmpty && !failures.isEmpty
        var results = FileChooserResults(response: partialExport ? .success : response)
        guard results.response == .success else { return Answer(results: results, error: error) }

        results.uris = uris
        results.currentFilter = currentFilter(member("current_filter"), options: options)
        if !options.choices.isEmpty {
            results.choices = choices(member("choices"), asked: options.choices)
        }
        // photopick only reads; the app may write what it opened, as with GTK's own dialog.
        results.writable = true
        return Answer(results: results, error: error, exportFailures: partialExport ? failures : [])
    }

    /// The response's `errors` (`ExportErrorsJSON`) as `PATH: why` lines; none when absent.
    static func exportFailures(_ value: JSONValue?) -> [String] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap { item in
            guard case .object(let members) = item else { return nil }
            func text(_ key: String) -> String? {
                switch members.first(where: { $0.0 == key })?.1 {
                case .string(let s)?: return s
                case .bytes(let b)?: return String(decoding: b, as: UTF8.self)
                default: return nil
                }
            }
            guard let path = text("path") ?? text("uri") else { return nil }
            return "\(path): \(text("message") ?? "not exported")"
        }
    }

    /// The caller's own filter of that name (its exact items and order); else one built from
    /// what photopick reports.
    static func currentFilter(_ value: JSONValue?, options: OpenFileOptions) -> PortalFilter? {
        guard case .object(let members)? = value,
              case .string(let name)? = members.first(where: { $0.0 == "name" })?.1 else { return nil }
        let offered = options.filters + (options.currentFilter.map { [$0] } ?? [])
        if let own = offered.first(where: { $0.name == name }) { return own }
        func strings(_ key: String) -> [String] {
            guard case .array(let items)? = members.first(where: { $0.0 == key })?.1 else { return [] }
            return items.compactMap { if case .string(let s) = $0 { s } else { nil } }
        }
        return PortalFilter(name: name, items: strings("patterns").map(PortalFilter.Item.glob)
                                + strings("mime_types").map(PortalFilter.Item.mimeType))
    }

    /// One `(id, value)` per choice the caller asked, in its order.
    static func choices(_ value: JSONValue?, asked: [PortalChoice]) -> [(id: String, value: String)] {
        var answered: [String: String] = [:]
        if case .array(let items)? = value {
            for case .object(let members) in items {
                if case .string(let id)? = members.first(where: { $0.0 == "id" })?.1,
                   case .string(let v)? = members.first(where: { $0.0 == "value" })?.1 {
                    answered[id] = v
                }
            }
        }
        return asked.map { choice in
            (choice.id, answered[choice.id] ?? (choice.initial.isEmpty ? (choice.options.first?.id ?? "false") : choice.initial))
        }
    }
}
