import CGio

/// Reads a FileChooser call's parameters `(osssa{sv})` into a `FileChooserCall`, checking each
/// option's type against the 1.16 spec: a wrong one makes the call malformed (response 2).
/// Options the spec does not name are left alone (a newer frontend may send more).
public enum OptionsDecoder {
    public static func decode(method: FileChooserCall.Method, parameters: Variant) throws -> FileChooserCall {
        guard parameters.typeString == "(osssa{sv})" else {
            throw MalformedRequest("\(method.rawValue) parameters are \(parameters.typeString), not (osssa{sv})")
        }
        var call = FileChooserCall(method: method, handle: parameters.child(0).string, appID: parameters.child(1).string,
                                   parentWindow: parameters.child(2).string, title: parameters.child(3).string)
        // Calls that are handed on are checked by the backend that answers them.
        guard method == .openFile else { return call }
        var options = OpenFileOptions()
        for (key, value) in parameters.child(4).vardict {
            switch key {
            case "accept_label": options.acceptLabel = try expect(key, value, "s").string
            case "modal": options.modal = try expect(key, value, "b").bool
            case "multiple": options.multiple = try expect(key, value, "b").bool
            case "directory": options.directory = try expect(key, value, "b").bool
            case "filters": options.filters = try expect(key, value, "a(sa(us))").children.map(filter)
            case "current_filter": options.currentFilter = try filter(expect(key, value, "(sa(us))"))
            case "choices": options.choices = try expect(key, value, "a(ssa(ss)s)").children.map(choice)
            case "current_folder": options.currentFolder = try folder(expect(key, value, "ay").bytes)
            default: break
            }
        }
        call.options = options
        return call
    }

    private static func expect(_ key: String, _ value: Variant, _ type: String) throws -> Variant {
        guard value.typeString == type else {
            throw MalformedRequest("option '\(key)' is \(value.typeString), not \(type)")
        }
        return value
    }

    private static func filter(_ value: Variant) throws -> PortalFilter {
        let name = value.child(0).string
        let items = try value.child(1).children.map { item -> PortalFilter.Item in
            let text = item.child(1).string
            switch item.child(0).uint32 {
            case 0: return .glob(text)
            case 1: return .mimeType(text)
            case let kind: throw MalformedRequest("filter '\(name)' has an item of kind \(kind) (0 is a glob, 1 a MIME type)")
            }
        }
        return PortalFilter(name: name, items: items)
    }

    private static func choice(_ value: Variant) -> PortalChoice {
        PortalChoice(id: value.child(0).string, label: value.child(1).string,
                     options: value.child(2).children.map { .init(id: $0.child(0).string, label: $0.child(1).string) },
                     initial: value.child(3).string)
    }

    /// The spec's bytes end with a NUL; a path ends at the first one.
    private static func folder(_ bytes: [UInt8]) -> [UInt8] {
        Array(bytes.prefix { $0 != 0 })
    }
}
