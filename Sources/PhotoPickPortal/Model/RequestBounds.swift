import PhotoPickCore

/// What an app's call may carry into photopick's request file. Every app that talks to the
/// portal is a caller we do not control: requests that are odd but harmless are served
/// (a duplicate choice id, a default that is not among its options, a long title), and what
/// must be bounded is cut, each time with a note for the log. Pure, so each rule is tested.
public struct RequestBounds: Sendable {
    /// A window title longer than this is cut (with "…"): nothing shows more.
    public static let titleCharacters = 200
    public static let labelCharacters = 100
    public static let filters = 100
    public static let itemsPerFilter = 500
    /// Items of all filters together: the request file stays well under the 1 MiB photopick reads.
    public static let items = 2000
    /// A pattern or MIME type longer than this is dropped (cutting one would change what it matches).
    public static let itemCharacters = 128
    public static let choices = 20
    public static let optionsPerChoice = 30
    /// Handles that xdg-foreign exports are short; a longer one is no handle.
    public static let parentWindowCharacters = 256

    /// The call as photopick may take it, and the parent window when it is a usable one.
    public struct Bounded: Sendable, Equatable {
        public var call: FileChooserCall
        public var parentWindow: ParentWindow?
        /// The app's own filter behind each bounded one, by the bounded name: the answer
        /// names the filter in effect as the app sent it.
        public var originalFilters: [String: PortalFilter] = [:]
    }

    public init() {}

    /// `note` hears one line per thing changed or dropped, values already cut for the log.
    public func apply(_ original: FileChooserCall, note: (String) -> Void) -> Bounded {
        var call = original
        call.title = cut(call.title, Self.titleCharacters, "title", note)
        if let label = call.options.acceptLabel { call.options.acceptLabel = cut(label, Self.labelCharacters, "accept_label", note) }
        var budget = Self.items
        var originals: [String: PortalFilter] = [:]
        call.options.filters = filters(call.options.filters, budget: &budget, note).map { kept, own in
            if originals[kept.name] == nil { originals[kept.name] = own }
            return kept
        }
        if let current = call.options.currentFilter {
            var own = Self.itemsPerFilter  // the current filter is most often one of the filters: its own budget
            let kept = filter(current, budget: &own, note)
            if kept == nil { note("current_filter '\(LogText.value(current.name))' has nothing usable; dropped") }
            if let kept, originals[kept.name] == nil { originals[kept.name] = current }
            call.options.currentFilter = kept
        }
        call.options.choices = choices(call.options.choices, note)
        return Bounded(call: call, parentWindow: parentWindow(original.parentWindow, note), originalFilters: originals)
    }

    private func parentWindow(_ text: String, _ note: (String) -> Void) -> ParentWindow? {
        guard !text.isEmpty else { return nil }
        guard text.utf8.count <= Self.parentWindowCharacters else {
            note("parent_window of \(text.utf8.count) bytes is not a window; the picker opens without a parent")
            return nil
        }
        do {
            return try ParentWindow.parse(text)
        } catch {
            note("parent_window '\(LogText.value(text))' is not x11:XID or wayland:HANDLE; the picker opens without a parent")
            return nil
        }
    }

    /// Each kept filter with the app's own.
    private func filters(_ list: [PortalFilter], budget: inout Int, _ note: (String) -> Void) -> [(PortalFilter, PortalFilter)] {
        if list.count > Self.filters { note("\(list.count) filters; the first \(Self.filters) are kept") }
        return list.prefix(Self.filters).compactMap { original in
            let kept = filter(original, budget: &budget, note)
            if kept == nil { note("filter '\(LogText.value(original.name))' has nothing usable; dropped") }
            return kept.map { ($0, original) }
        }
    }

    /// The filter with its unusable items dropped (a pattern that cannot match a file name,
    /// a MIME type that is none); nil when none is left.
    private func filter(_ original: PortalFilter, budget: inout Int, _ note: (String) -> Void) -> PortalFilter? {
        var filter = original
        filter.name = cut(filter.name, Self.labelCharacters, "filter name", note)
        let allowed = min(Self.itemsPerFilter, budget)
        if filter.items.count > allowed {
            note("filter '\(LogText.value(filter.name))' has \(filter.items.count) items; the first \(allowed) are kept")
        }
        var dropped = 0
        filter.items = filter.items.prefix(allowed).filter { item in
            let usable: Bool
            switch item {
            case .glob(let glob):
                usable = !glob.isEmpty && !glob.contains("/") && glob.utf8.count <= Self.itemCharacters
                    && !glob.unicodeScalars.contains(where: Self.isControl)
            case .mimeType(let type): usable = type.utf8.count <= Self.itemCharacters && MIMEPattern.isValid(type)
            }
            if !usable { dropped += 1 }
            return usable
        }
        budget -= filter.items.count
        if dropped > 0 { note("filter '\(LogText.value(filter.name))': \(dropped) item(s) that match no file name dropped") }
        return filter.items.isEmpty ? nil : filter
    }

    private func choices(_ list: [PortalChoice], _ note: (String) -> Void) -> [PortalChoice] {
        if list.count > Self.choices { note("\(list.count) choices; the first \(Self.choices) are kept") }
        var seen: Set<String> = []
        var kept: [PortalChoice] = []
        for original in list.prefix(Self.choices) {
            var choice = original
            guard !choice.id.isEmpty, choice.id.utf8.count <= Self.labelCharacters else {
                note("a choice with an empty or overlong id dropped")
                continue
            }
            // The frontend lets duplicates through; the first is shown, the answer names it once per ask.
            guard seen.insert(choice.id).inserted else {
                note("choice id '\(LogText.value(choice.id))' is used twice; the first is shown")
                continue
            }
            choice.label = cut(choice.label, Self.labelCharacters, "choice label", note)
            if choice.options.count > Self.optionsPerChoice {
                note("choice '\(LogText.value(choice.id))' has \(choice.options.count) options; the first \(Self.optionsPerChoice) are kept")
                choice.options = Array(choice.options.prefix(Self.optionsPerChoice))
            }
            choice.options = choice.options.filter { !$0.id.isEmpty && $0.id.utf8.count <= Self.labelCharacters }
                .map { .init(id: $0.id, label: cut($0.label, Self.labelCharacters, "option label", note)) }
            let accepted = choice.options.isEmpty ? ["true", "false"].contains(choice.initial)
                                                  : choice.options.contains { $0.id == choice.initial }
            if !choice.initial.isEmpty, !accepted {
                note("choice '\(LogText.value(choice.id))' has a default ('\(LogText.value(choice.initial))') that is not one of its options; the picker chooses")
                choice.initial = ""
            }
            kept.append(choice)
        }
        return kept
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// Counted in Unicode scalars, not characters: one character may hold a million
    /// combining marks, and it is the scalars that fill the request file and the title bar.
    private func cut(_ text: String, _ limit: Int, _ what: String, _ note: (String) -> Void) -> String {
        // Control characters are shown as spaces: a title has one line, and a newline or an
        // escape takes six bytes in the request file.
        var text = text
        if text.unicodeScalars.contains(where: Self.isControl) {
            text = String(String.UnicodeScalarView(text.unicodeScalars.map { Self.isControl($0) ? " " : $0 }))
        }
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return text }
        note("\(what) of \(scalars.count) characters cut to \(limit)")
        return LogText.cutForDisplay(text, limit)
    }
}
