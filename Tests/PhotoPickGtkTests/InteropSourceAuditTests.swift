import Foundation
import XCTest

/// GTK interop lives in `Sources/PhotoPickGtk/Interop/` only: pointer casts, `Unmanaged`,
/// reference counting, signal connection, object data and main-loop sources. The views
/// call the typed handles and wrappers there, so a view can be read (and its lifetime
/// checked) without knowing GObject's C rules. This fails when a view reaches past them.
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
        forbidden.compactMap { entry in
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

    func testNoViewOutsideInteropDoesRawInterop() throws {
        let gtk = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PhotoPickGtk").path
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: gtk))
        var checked = 0
        for case let relative as String in walker where relative.hasSuffix(".swift") && !relative.hasPrefix("Interop/") {
            let text = try String(contentsOfFile: gtk + "/" + relative, encoding: .utf8)
            checked += 1
            for name in Self.violations(in: text) {
                XCTFail("Sources/PhotoPickGtk/\(relative) uses \(name): add a typed handle or wrapper in Interop/ instead")
            }
        }
        XCTAssertGreaterThan(checked, 60, "the audit found too few view files: is the path right?")
    }
}
