import Foundation
import XCTest

/// GTK interop lives in `Sources/PhotoPickGtk/Interop/` only: pointer casts, `Unmanaged`,
/// reference counting, signal connection, object data and main-loop sources. The views
/// call the typed handles and wrappers there, so a view can be read (and its lifetime
/// checked) without knowing GObject's C rules. This fails when a view reaches past them,
/// and when a view calls GTK, GLib or libadwaita directly beyond what `cCallAllowList` still
/// allows.
final class InteropSourceAuditTests: XCTestCase {
    /// What only Interop may write, as patterns on whole words.
    static let forbidden: [(name: String, pattern: String)] = [
        ("cast(", #"\bcast\("#),
        ("raw(", #"\braw\("#),
        ("Unmanaged", #"\bUnmanaged\b"#),
        ("g_object_ref", #"\bg_object_ref(_sink)?\b"#),
        ("g_object_unref", #"\bg_object_unref\b"#),
        ("g_signal_connect", #"\bg_signal_connect\w*"#),
        ("g_signal_handler_disconnect", #"\bg_signal_handler_disconnect\b"#),
        ("g_object_set_data", #"\bg_object_(set|steal)_(q)?data\w*"#),
        ("g_timeout_add / g_idle_add", #"\bg_(timeout|idle)_add\w*"#),
        ("unsafeBitCast", #"\bunsafeBitCast\b"#),
    ]

    /// The forbidden uses in `text` (comments included: an example in a comment gets copied).
    static func violations(in text: String) -> [String] {
        matches(forbidden, in: text)
    }

    /// Raw C pointers and C memory, which only Interop may handle: views hold typed handles
    /// (`Gtk.Label`, `Gdk.Texture`, `Gtk.MediaFile`…) instead. The patterns name GLib/GTK
    /// pointer types and C string memory, not Swift's own buffer APIs (`withUnsafeBytes`,
    /// `UnsafeRawBufferPointer` over pixels stay ordinary Swift).
    static let forbiddenPointers: [(name: String, pattern: String)] = [
        ("OpaquePointer", #"\bOpaquePointer\b"#),
        ("UnsafeMutableRawPointer / UnsafeRawPointer", #"\bUnsafe(Mutable)?RawPointer\b"#),
        ("UnsafeMutablePointer<G…> (a C object pointer)",
         #"\bUnsafe(Mutable)?Pointer<\s*(Gtk|Gdk|Gsk|Adw|Pango|G[A-Z]|CChar\b|gchar\b)"#),
        ("C memory (strdup, free, g_…_free, g_…_unref)",
         #"(?<![\w.-])(g_)?(strdup|strndup|free|strfreev)\(|\bg_(?!object_)\w+_(free|unref)\("#),
    ]

    /// View files that may still handle raw pointers, each with the reason (none now). It may
    /// only shrink: a file named here that no longer needs it fails
    /// `testThePointerAllowListOnlyNamesFilesThatNeedIt`.
    static let pointerAllowList: [String: String] = [:]

    /// The raw-pointer uses in `text`.
    static func pointerViolations(in text: String) -> [String] {
        matches(forbiddenPointers, in: text)
    }

    /// Direct calls into the C libraries (`gtk_widget_set_visible(`, `adw_flap_new(`,
    /// `graphene_rect_t(`), by the libraries' prefixes only: `log_error(` or `debug_print(` are
    /// Swift. And the helper that re-wraps any pointer as a widget, `widget(p)`, called bare
    /// (a method named so, `builder.widget("id")`, is not it). Views call typed handles instead.
    static let cCall = #"\b(gtk|gdk|gsk|g|adw|pango|graphene|cairo)_\w+\("#
    static let rewrap = #"(?<![.\w])widget\("#

    /// Every direct C call and bare re-wrap in `text`, in order (comments included, as above).
    static func cCalls(in text: String) -> [String] { allMatches(of: cCall + "|" + rewrap, in: text) }

    /// View files that may still call C directly, with how many calls and why (none now). It
    /// can only shrink: a file not named here that calls C fails, a file whose count grows
    /// fails, and a file whose count fell fails until its number here is lowered to match.
    static let cCallAllowList: [String: (count: Int, reason: String)] = [:]

    /// The raw widget pointer type, `Widget` as a whole word (not `Gtk.AnyWidget`, `WidgetHandle`,
    /// `GtkWidget` or `WidgetView`), which only Interop may write: a view's properties and
    /// parameters are typed handles (`Gtk.Box`, `Gtk.Window`, `some WidgetHandle`).
    static let rawWidget = #"(?<![.\w])Widget(?!\w)"#
    /// A kind made from a value a view already holds, `Gtk.Window(window)` or
    /// `Gtk.ScrolledWindow(grid.scrolled)`: a bare lowercase name (or a member of one) as the
    /// only, unlabelled argument, which turns a plain pointer into a kind unchecked. The view
    /// keeps the handle it was made as instead. Constructors (`Gtk.Box(GTK_ORIENTATION_VERTICAL)`,
    /// `Gtk.Label("text")`, `Gtk.Window(application: app)`) and `Gtk.AnyWidget(x)`, which
    /// claims no kind, are not re-wraps.
    static let kindRewrap = #"\b(Gtk|Adw|Gdk)\.(?!AnyWidget\b)[A-Z]\w*\(\s*[a-z]\w*(\.[a-z]\w*)*(\(\))?\s*\)"#

    /// Every raw `Widget` and kind re-wrap in `text`, in order (comments included, as above).
    static func untypedHandles(in text: String) -> [String] { allMatches(of: rawWidget + "|" + kindRewrap, in: text) }

    /// Every match of `pattern` in `text`, in order.
    private static func allMatches(of pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let all = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: all).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }

    /// View files that may still write `Widget` or re-wrap a kind, with how many and why (none
    /// now). As `cCallAllowList`, it can only shrink.
    static let untypedHandleAllowList: [String: (count: Int, reason: String)] = [:]

    private static func matches(_ patterns: [(name: String, pattern: String)], in text: String) -> [String] {
        patterns.compactMap { entry in
            text.range(of: entry.pattern, options: .regularExpression) == nil ? nil : entry.name
        }
    }

    func testTheAuditSeesRawInteropAndNotLookalikes() {
        XCTAssertEqual(Self.violations(in: "gtk_box_append(cast(box), w)"), ["cast("])
        XCTAssertEqual(Self.violations(in: "onSignal(raw(button), \"clicked\")"), ["raw("])
        XCTAssertEqual(Self.violations(in: "defer { g_object_unref(UnsafeMutableRawPointer(menu)) }"), ["g_object_unref"])
        XCTAssertEqual(Self.violations(in: "Unmanaged.passUnretained(self).toOpaque()"), ["Unmanaged"])
        XCTAssertEqual(Self.violations(in: "g_signal_connect_data(instance, signal, t, box, nil, 0)"), ["g_signal_connect"])
        XCTAssertEqual(Self.violations(in: "pulsing = g_timeout_add(120, { _ in 1 }, nil)"), ["g_timeout_add / g_idle_add"])
        // Words that merely end in "raw(" or "cast(" are not interop.
        XCTAssertEqual(Self.violations(in: "loader.withdraw(id); forecast(3); RawPath(bytes: b)"), [])
    }

    func testTheAuditSeesRawPointersAndNotOrdinarySwift() {
        XCTAssertEqual(Self.pointerViolations(in: "private let gesture: OpaquePointer"), ["OpaquePointer"])
        XCTAssertEqual(Self.pointerViolations(in: "picture = gtk_picture_new_for_paintable(OpaquePointer(stream))"), ["OpaquePointer"])
        XCTAssertEqual(Self.pointerViolations(in: "var rows: Dictionary<UnsafeMutableRawPointer, Row>.Values"),
                       ["UnsafeMutableRawPointer / UnsafeRawPointer"])
        XCTAssertEqual(Self.pointerViolations(in: "g_value_take_boxed(&value, UnsafeRawPointer(list))"),
                       ["UnsafeMutableRawPointer / UnsafeRawPointer"])
        XCTAssertEqual(Self.pointerViolations(in: "private let stream: UnsafeMutablePointer<GtkMediaStream>"),
                       ["UnsafeMutablePointer<G…> (a C object pointer)"])
        XCTAssertEqual(Self.pointerViolations(in: "var error: UnsafeMutablePointer<GError>?"),
                       ["UnsafeMutablePointer<G…> (a C object pointer)"])
        XCTAssertEqual(Self.pointerViolations(in: "static func provider() -> UnsafeMutablePointer<GdkContentProvider>?"),
                       ["UnsafeMutablePointer<G…> (a C object pointer)"])
        XCTAssertEqual(Self.pointerViolations(in: "var strings: [UnsafePointer<CChar>?] = []"),
                       ["UnsafeMutablePointer<G…> (a C object pointer)"])
        XCTAssertEqual(Self.pointerViolations(in: "let s = strdup(name)"), ["C memory (strdup, free, g_…_free, g_…_unref)"])
        XCTAssertEqual(Self.pointerViolations(in: "for s in strings { free(s) }"), ["C memory (strdup, free, g_…_free, g_…_unref)"])
        XCTAssertEqual(Self.pointerViolations(in: "defer { g_free(escaped) }"), ["C memory (strdup, free, g_…_free, g_…_unref)"])
        XCTAssertEqual(Self.pointerViolations(in: "defer { g_bytes_unref(bytes) }"), ["C memory (strdup, free, g_…_free, g_…_unref)"])
        XCTAssertEqual(Self.pointerViolations(in: "if let error { g_error_free(error) }"), ["C memory (strdup, free, g_…_free, g_…_unref)"])
        // Swift's own buffers, typed handles and words that merely contain the names are not raw C pointers;
        // g_object_unref is the other list's ("g_object_unref"), not counted twice.
        XCTAssertEqual(Self.pointerViolations(in: "image.pixels.withUnsafeBytes { (source: UnsafeRawBufferPointer) in }"), [])
        XCTAssertEqual(Self.pointerViolations(in: "let rows: UnsafeMutablePointer<GridRow>; let t: Gdk.Texture"), [])
        XCTAssertEqual(Self.pointerViolations(in: "lock-free(ish); carefree(); stream.freeze(); g_object_unref(x)"), [])
    }

    func testTheAuditSeesCCallsAndNotLookalikes() {
        XCTAssertEqual(Self.cCalls(in: "gtk_widget_set_visible(root, 0)"), ["gtk_widget_set_visible("])
        XCTAssertEqual(Self.cCalls(in: "guard let m = adw_style_manager_get_default() else { return }"),
                       ["adw_style_manager_get_default("])
        XCTAssertEqual(Self.cCalls(in: "var r = graphene_rect_t(); g_variant_new_string(s); pango_layout_get_text(l)"),
                       ["graphene_rect_t(", "g_variant_new_string(", "pango_layout_get_text("])
        XCTAssertEqual(Self.cCalls(in: "gdk_display_get_default(); gsk_renderer_realize(r, s, nil); cairo_fill(cr)"),
                       ["gdk_display_get_default(", "gsk_renderer_realize(", "cairo_fill("])
        XCTAssertEqual(Self.cCalls(in: "let top = widget(top); let p = Gtk.Picture(widget(picture))"), ["widget(", "widget("])
        // Other prefixes, a prefix inside a word, a constant, a method named widget and a
        // label named widget are Swift, not C calls.
        XCTAssertEqual(Self.cCalls(in: "log_error(x); debug_print(y); my_g_thing(z); xgtk_box(w)"), [])
        XCTAssertEqual(Self.cCalls(in: "setAlign(GTK_ALIGN_CENTER); gtk_widget_set_visible; let g_count = 3"), [])
        XCTAssertEqual(Self.cCalls(in: "builder.widget(\"shortcuts\"); WidgetView(widget: w); subwidget(x); label.widget"), [])
    }

    func testTheAuditSeesRawWidgetsAndKindRewrapsAndNotLookalikes() {
        XCTAssertEqual(Self.untypedHandles(in: "var root: Widget { box.widget }"), ["Widget"])
        XCTAssertEqual(Self.untypedHandles(in: "static func present(over parent: Widget?) {}"), ["Widget"])
        XCTAssertEqual(Self.untypedHandles(in: "func make(_ children: [Widget]) -> Widget"), ["Widget", "Widget"])
        XCTAssertEqual(Self.untypedHandles(in: "private let sidebar: Widget, content: Widget"), ["Widget", "Widget"])
        XCTAssertEqual(Self.untypedHandles(in: "var names: [UInt: (widget: Widget, name: String)]"), ["Widget"])
        XCTAssertEqual(Self.untypedHandles(in: "Gtk.Window(window).present()"), ["Gtk.Window(window)"])
        XCTAssertEqual(Self.untypedHandles(in: "let a = Gtk.ScrolledWindow(grid.scrolled).vadjustment"),
                       ["Gtk.ScrolledWindow(grid.scrolled)"])
        XCTAssertEqual(Self.untypedHandles(in: "Gtk.Box(root).append(w); Adw.Flap( flap ); Gtk.Picture(stream.picture())"),
                       ["Gtk.Box(root)", "Adw.Flap( flap )", "Gtk.Picture(stream.picture())"])
        XCTAssertEqual(Self.untypedHandles(in: "case let text = Gtk.Label(widget.widget).text"), ["Gtk.Label(widget.widget)"])
        // Handles, the protocol, GTK's C type, the view base, a lowercase widget and a
        // qualified name are not the raw type; constructors and AnyWidget are not re-wraps.
        XCTAssertEqual(Self.untypedHandles(in: "let w: Gtk.AnyWidget; var r: some WidgetHandle; UnsafeMutablePointer<GtkWidget>"), [])
        XCTAssertEqual(Self.untypedHandles(in: "final class V: WidgetView { let widget = box.widget }; x.Widget; Widgets/"), [])
        XCTAssertEqual(Self.untypedHandles(in: "Gtk.Box(orientation: .vertical); Gtk.Label(\"text\"); Gtk.AnyWidget(window)"), [])
        XCTAssertEqual(Self.untypedHandles(in: "Gtk.Box(GTK_ORIENTATION_VERTICAL, spacing: 6); Gtk.Window(application: app)"), [])
        XCTAssertEqual(Self.untypedHandles(in: "Gtk.Button(mnemonic: tr(\"_Cancel\")); Gtk.ClickGesture(on: tile.root.widget)"), [])
    }

    func testViewsHoldTypedHandlesOnly() throws {
        try checkViews(against: Self.untypedHandleAllowList, listName: "typed-handle", finding: Self.untypedHandles,
                       what: "raw widgets or re-wraps") { file, found in
            "\(file) holds untyped widgets (\(found)): keep the typed handle it was made as, or take `some WidgetHandle`; Widget is Interop's"
        }
    }

    func testViewsCallCOnlyAsTheAllowListSays() throws {
        try checkViews(against: Self.cCallAllowList, listName: "C-call", finding: Self.cCalls, what: "direct C calls") { file, found in
            "\(file) calls C directly (\(found)): add a method to a typed handle or a wrapper in Interop/ instead"
        }
    }

    /// Each view file's `finding` count against a shrink-only allow-list: a file not on it with
    /// any finding fails (`unlisted` says why), a count above or below its entry fails, and so
    /// does an entry for a file that does not exist or that has no count or reason.
    private func checkViews(against list: [String: (count: Int, reason: String)], listName: String,
                            finding: (String) -> [String], what: String,
                            unlisted: (_ file: String, _ found: String) -> String) throws {
        let gtk = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PhotoPickGtk").path
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: gtk))
        var seen: Set<String> = []
        var checked = 0
        for case let relative as String in walker where relative.hasSuffix(".swift") && !relative.hasPrefix("Interop/") {
            let found = finding(try String(contentsOfFile: gtk + "/" + relative, encoding: .utf8))
            let file = "Sources/PhotoPickGtk/\(relative)"
            checked += 1
            guard let allowed = list[relative] else {
                if !found.isEmpty { XCTFail(unlisted(file, Set(found).sorted().joined(separator: " "))) }
                continue
            }
            seen.insert(relative)
            if found.count > allowed.count {
                XCTFail("\(file) has \(found.count) \(what), more than the \(allowed.count) allowed: the new ones go through Interop/")
            } else if found.count < allowed.count {
                XCTFail("\(file) has \(found.count) \(what), fewer than the \(allowed.count) listed: "
                        + (found.isEmpty ? "take it off the allow-list" : "lower its count to \(found.count)"))
            }
        }
        XCTAssertGreaterThan(checked, 60, "the audit found too few view files: is the path right?")
        for relative in Set(list.keys).subtracting(seen).sorted() {
            XCTFail("Sources/PhotoPickGtk/\(relative) is on the \(listName) allow-list but does not exist: take it off")
        }
        for (relative, entry) in list where entry.count <= 0 || entry.reason.isEmpty {
            XCTFail("Sources/PhotoPickGtk/\(relative): an allow-list entry needs a count above 0 and its reason")
        }
    }

    func testNoViewOutsideInteropDoesRawInterop() throws {
        let gtk = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PhotoPickGtk").path
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: gtk))
        var checked = 0
        for case let relative as String in walker where relative.hasSuffix(".swift") && !relative.hasPrefix("Interop/") {
            let text = try String(contentsOfFile: gtk + "/" + relative, encoding: .utf8)
            checked += 1
            let pointers = Self.pointerAllowList[relative] == nil ? Self.pointerViolations(in: text) : []
            for name in Self.violations(in: text) + pointers {
                XCTFail("Sources/PhotoPickGtk/\(relative) uses \(name): add a typed handle or wrapper in Interop/ instead")
            }
        }
        XCTAssertGreaterThan(checked, 60, "the audit found too few view files: is the path right?")
    }

    /// The allow-list shrinks as files are cleaned: every file on it exists and still needs it.
    func testThePointerAllowListOnlyNamesFilesThatNeedIt() throws {
        let gtk = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PhotoPickGtk").path
        for relative in Self.pointerAllowList.keys.sorted() {
            guard let text = try? String(contentsOfFile: gtk + "/" + relative, encoding: .utf8) else {
                XCTFail("Sources/PhotoPickGtk/\(relative) is on the pointer allow-list but does not exist: take it off")
                continue
            }
            XCTAssertFalse(Self.pointerViolations(in: text).isEmpty,
                           "Sources/PhotoPickGtk/\(relative) no longer handles raw pointers: take it off the allow-list")
        }
    }
}
