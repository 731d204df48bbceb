import CGio

/// A FileChooser answer as D-Bus sends it: `(ua{sv})`.
public enum ResultsEncoder {
    /// Floating: the method reply takes it over.
    public static func reply(_ results: FileChooserResults) -> OpaquePointer {
        var entries: [(String, OpaquePointer)] = [("uris", VariantBuild.array("s", results.uris.map(VariantBuild.string)))]
        if let choices = results.choices {
            entries.append(("choices", VariantBuild.array("(ss)", choices.map {
                VariantBuild.tuple([VariantBuild.string($0.id), VariantBuild.string($0.value)])
            })))
        }
        if let filter = results.currentFilter { entries.append(("current_filter", self.filter(filter))) }
        if let writable = results.writable { entries.append(("writable", VariantBuild.bool(writable))) }
        return VariantBuild.tuple([VariantBuild.uint32(results.response.rawValue), VariantBuild.vardict(entries)])
    }

    /// `(sa(us))`: 0 for a glob, 1 for a MIME type.
    static func filter(_ filter: PortalFilter) -> OpaquePointer {
        let items = filter.items.map { item -> OpaquePointer in
            switch item {
            case .glob(let g): return VariantBuild.tuple([VariantBuild.uint32(0), VariantBuild.string(g)])
            case .mimeType(let m): return VariantBuild.tuple([VariantBuild.uint32(1), VariantBuild.string(m)])
            }
        }
        return VariantBuild.tuple([VariantBuild.string(filter.name), VariantBuild.array("(us)", items)])
    }
}
