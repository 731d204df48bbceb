import PhotoPickCore

/// An OpenFile call as photopick's request file (schema version 1, see the README's
/// "The portal file"): the one contract between the backend and the window.
public enum PortalRequestFile {
    /// `title`: the title to show (the caller's, or who asks); nil keeps photopick's own.
    /// `currentFolder`: the folder to open, when the call's one is usable. `parentWindow`: the
    /// caller's window, already checked (`RequestBounds`); with it, the call's `modal`.
    /// `browse`: offer Browse Files…, which hands the request to the desktop's own chooser.
    public static func json(for options: OpenFileOptions, title: String?, currentFolder: [UInt8]?,
                            parentWindow: ParentWindow? = nil, browse: Bool = false) -> JSONValue {
        var members: [(String, JSONValue)] = [("version", .int(Int64(PickerOptions.schemaVersion)))]
        if let title { members.append(("title", .string(title))) }
        if let label = options.acceptLabel { members.append(("accept_label", .string(label))) }
        // The portal's default is one file; photopick's is any number: always say which.
        members.append(("multiple", .bool(options.multiple)))
        if !options.filters.isEmpty { members.append(("filters", .array(options.filters.map(filterObject)))) }
        if let current = options.currentFilter { members.append(("current_filter", filterObject(current))) }
        if let folder = currentFolder { members.append(("current_folder", .bytes(folder))) }
        if !options.choices.isEmpty { members.append(("choices", .array(options.choices.map(choiceObject)))) }
        if let parentWindow {
            members.append(("parent_window", .string(parentWindow.description)))
            members.append(("modal", .bool(options.modal)))
        }
        if browse { members.append(("browse", .bool(true))) }
        return .object(members)
    }

    public static func bytes(for options: OpenFileOptions, title: String?, currentFolder: [UInt8]?,
                             parentWindow: ParentWindow? = nil, browse: Bool = false) -> [UInt8] {
        json(for: options, title: title, currentFolder: currentFolder, parentWindow: parentWindow, browse: browse).pretty() + [0x0A]
    }

    static func filterObject(_ filter: PortalFilter) -> JSONValue {
        .object([("name", .string(filter.name)),
                 ("patterns", .array(filter.globs.map(JSONValue.string))),
                 ("mime_types", .array(filter.mimeTypes.map(JSONValue.string)))])
    }

    static func choiceObject(_ choice: PortalChoice) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(choice.id)), ("label", .string(choice.label))]
        if !choice.options.isEmpty {
            members.append(("options", .array(choice.options.map {
                .object([("id", .string($0.id)), ("label", .string($0.label))])
            })))
        }
        // "" lets the chooser decide: photopick then starts on the first option, or unticked.
        if !choice.initial.isEmpty { members.append(("default", .string(choice.initial))) }
        return .object(members)
    }
}
