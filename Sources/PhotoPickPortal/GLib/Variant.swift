import CGio

/// One reference to a GVariant, released with the object. Reading only; `VariantBuild`
/// makes new values.
public final class Variant {
    public let raw: OpaquePointer

    /// Adopts a reference the caller owns (transfer full, not floating).
    public init(owning raw: OpaquePointer) { self.raw = raw }

    /// Takes a reference of its own to a borrowed (transfer none) or floating value.
    public init(borrowing raw: OpaquePointer) { self.raw = g_variant_ref_sink(raw) }

    deinit { g_variant_unref(raw) }

    /// A value from GVariant's text format (`"{'multiple': <true>}"`), or nil.
    public static func parse(_ text: String) -> Variant? {
        guard let raw = g_variant_parse(nil, text, nil, nil, nil) else { return nil }
        return Variant(borrowing: raw)
    }

    public var typeString: String { String(cString: g_variant_get_type_string(raw)) }

    /// The text format, for log lines.
    public var printed: String {
        let text = g_variant_print(raw, 1)!
        defer { g_free(text) }
        return String(cString: text)
    }

    public var count: Int { Int(g_variant_n_children(raw)) }
    public func child(_ index: Int) -> Variant { Variant(owning: g_variant_get_child_value(raw, gsize(index))) }
    public var children: [Variant] { (0..<count).map(child) }

    public var string: String { String(cString: g_variant_get_string(raw, nil)) }
    public var bool: Bool { g_variant_get_boolean(raw) != 0 }
    public var uint32: UInt32 { g_variant_get_uint32(raw) }
    /// An `ay`'s bytes.
    public var bytes: [UInt8] {
        var n: gsize = 0
        guard let p = g_variant_get_fixed_array(raw, &n, 1) else { return [] }
        return Array(UnsafeRawBufferPointer(start: p, count: Int(n)))
    }

    /// The value inside a `v`.
    public var unboxed: Variant { Variant(owning: g_variant_get_variant(raw)) }

    /// An `a{sv}`'s entries, in order.
    public var vardict: [(key: String, value: Variant)] {
        children.map { entry in (entry.child(0).string, entry.child(1).unboxed) }
    }
}

/// New GVariant values, returned floating: a container or a D-Bus reply takes them over.
public enum VariantBuild {
    public static func string(_ s: String) -> OpaquePointer { g_variant_new_string(s) }
    public static func objectPath(_ s: String) -> OpaquePointer { g_variant_new_object_path(s) }
    public static func bool(_ b: Bool) -> OpaquePointer { g_variant_new_boolean(b ? 1 : 0) }
    public static func uint32(_ u: UInt32) -> OpaquePointer { g_variant_new_uint32(u) }

    public static func tuple(_ items: [OpaquePointer]) -> OpaquePointer {
        let children: [OpaquePointer?] = items
        return children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
    }

    /// An array of `elementType` (needed when `items` is empty).
    public static func array(_ elementType: String, _ items: [OpaquePointer]) -> OpaquePointer {
        let type = g_variant_type_new(elementType)
        defer { g_variant_type_free(type) }
        let children: [OpaquePointer?] = items
        return children.withUnsafeBufferPointer { g_variant_new_array(type, $0.baseAddress, gsize($0.count)) }
    }

    /// An `a{sv}`.
    public static func vardict(_ entries: [(String, OpaquePointer)]) -> OpaquePointer {
        array("{sv}", entries.map { g_variant_new_dict_entry(string($0.0), g_variant_new_variant($0.1)) })
    }
}
